// A generated Toggl Track Detailed report CSV (the columns of ../shared/import-samples/
// toggl-detailed.csv, UTF-8 with BOM) for the import bench: `rows` entries of 20 people on 200
// projects of 40 clients (3 tasks each), over the two years before 2026-11-20, the same for the
// same arguments (a seeded generator).

const pad = (n) => String(n).padStart(2, '0');
const clock = (seconds) =>
  `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;

/** A small seeded generator (mulberry32), so every run imports the same file. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TASKS = ['Design', 'Development', 'QA'];
const WORDS = ['Review', 'Wireframes', 'Sprint', 'Fixes', 'Call', 'Release', 'Copy', 'Sync'];
const TAGS = ['client work', 'meeting', 'release', 'on call', 'research', ''];

/** The file's bytes and what it holds. */
export function togglFile(rows, seed = 32) {
  const next = random(seed);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const people = Array.from({ length: 20 }, (_, i) => ({
    name: `Person ${i + 1}`,
    email: `person${i + 1}@import.test`,
  }));
  const clients = Array.from({ length: 40 }, (_, i) => `Client ${i + 1}`);
  const projects = Array.from({ length: 200 }, (_, i) => ({
    name: `Project ${i + 1}`,
    client: clients[i % clients.length],
  }));
  const lines = [
    '\uFEFFUser,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration,Tags,Amount (USD)',
  ];
  const last = Date.UTC(2026, 10, 20);
  let seconds = 0;
  for (let i = 0; i < rows; i += 1) {
    const person = pick(people);
    const project = pick(projects);
    const day = new Date(last - Math.floor(next() * 730) * 86_400_000).toISOString().slice(0, 10);
    const start = (7 + Math.floor(next() * 10)) * 3600 + Math.floor(next() * 4) * 900;
    const dur = 900 + Math.floor(next() * 16) * 900 + Math.floor(next() * 60);
    seconds += dur;
    const billable = next() < 0.8;
    const tags = [pick(TAGS), pick(TAGS)].filter((t, j, all) => t && all.indexOf(t) === j);
    lines.push(
      [
        person.name,
        person.email,
        project.client,
        project.name,
        pick(TASKS),
        `${pick(WORDS)} ${pick(WORDS).toLowerCase()} ${i % 97}`,
        billable ? 'Yes' : 'No',
        day,
        clock(start),
        day,
        clock((start + dur) % 86400),
        clock(dur),
        `"${tags.join(', ')}"`,
        billable ? ((dur / 3600) * 100).toFixed(2) : '',
      ].join(','),
    );
  }
  return { bytes: Buffer.from(`${lines.join('\n')}\n`, 'utf8'), seconds, people };
}
