// Public pages' weight: for every static page that mounts no React island, the gzipped JS
// (external and inline scripts plus every module they import statically), CSS and HTML,
// checked against the budgets: JS ≤ 5 KB gz (0 where there is no <script>), CSS ≤ 15 KB gz.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('../..', import.meta.url));
const clientDir = join(root, process.env.ASTRO_OUT_DIR ?? 'dist', 'client');
const JS_BUDGET = 5 * 1024;
const CSS_BUDGET = 15 * 1024;
// Signed-in app pages; any other page that mounts an island is skipped too.
const APP_PAGES = new Set([
  'login',
  'signup',
  'success',
  'accountSetting',
  'allHours',
  'projects',
  'clients',
  'users',
  'forgot-password',
  'reset-password',
  'invite',
]);

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const LINK = /<link\b[^>]*>/gi;
const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;
// Static `import … from "x"`, `import "x"` and `export … from "x"`; not dynamic `import("x")`.
const STATIC_IMPORT =
  /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g;

const gz = (text) => gzipSync(text).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const attr = (tag, name) => new RegExp(`\\b${name}\\s*=\\s*["']?([^"'\\s>]+)`, 'i').exec(tag)?.[1];

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

/** The file under dist/client that a URL (absolute path or relative to `from`) points at. */
function localFile(url, fromDir) {
  const path = url.split(/[?#]/)[0];
  if (/^[a-z]+:|^\/\//i.test(path)) throw new Error(`external asset ${url} is not counted`);
  const file = path.startsWith('/') ? join(clientDir, path) : resolve(fromDir, path);
  if (!existsSync(file)) throw new Error(`${url} does not exist in ${relative(root, clientDir)}`);
  return file;
}

/** Adds `file` and every module it imports statically to `seen`. */
function collectModule(file, seen) {
  if (seen.has(file)) return;
  seen.add(file);
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT))
    collectModule(localFile(specifier, dirname(file)), seen);
}

function route(file) {
  const rel = relative(clientDir, file).split(sep).join('/');
  if (rel === 'index.html') return '/';
  return rel.endsWith('/index.html')
    ? `/${rel.slice(0, -'index.html'.length)}`
    : `/${rel.replace(/\.html$/, '')}`;
}

const pages = [];
for (const file of htmlFiles(clientDir)) {
  const html = readFileSync(file, 'utf8');
  const path = route(file);
  if (APP_PAGES.has(path.split('/')[1] ?? '') || html.includes('<astro-island')) continue;
  const dir = dirname(file);

  const modules = new Set();
  let js = 0;
  let scripts = 0;
  for (const [, attrs, body] of html.matchAll(SCRIPT)) {
    const src = attr(attrs, 'src');
    // JSON-LD and other data blocks are not JavaScript.
    const type = attr(attrs, 'type');
    if (type && !/^(module|text\/javascript|application\/javascript)$/i.test(type)) continue;
    scripts += 1;
    if (src) {
      collectModule(localFile(src, dir), modules);
    } else if (body.trim() !== '') {
      js += gz(body);
      for (const [, specifier] of body.matchAll(STATIC_IMPORT))
        collectModule(localFile(specifier, dir), modules);
    }
  }

  let css = 0;
  for (const [tag] of html.matchAll(LINK)) {
    const rel = attr(tag, 'rel') ?? '';
    // A modulepreload is fetched like a script even when no <script> runs it yet.
    if (/^modulepreload$/i.test(rel)) collectModule(localFile(attr(tag, 'href'), dir), modules);
    else if (/^stylesheet$/i.test(rel)) css += gz(readFileSync(localFile(attr(tag, 'href'), dir)));
  }
  for (const [, body] of html.matchAll(STYLE)) if (body.trim() !== '') css += gz(body);
  for (const module of modules) js += gz(readFileSync(module));

  pages.push({ path, js, css, html: gz(html), scripts });
}

pages.sort((a, b) => a.path.localeCompare(b.path));
if (pages.length === 0)
  throw new Error(`no public pages found under ${clientDir}; run \`npx astro build\` first`);
const width = Math.max(...pages.map((p) => p.path.length));
for (const p of pages)
  console.log(`${p.path.padEnd(width)}  JS ${kb(p.js)}  CSS ${kb(p.css)}  HTML ${kb(p.html)}`);

const breaches = [];
for (const p of pages) {
  if (p.scripts === 0 && p.js > 0)
    breaches.push(`${p.path}: ${kb(p.js)} JS gz on a page without <script> (budget 0 KB)`);
  if (p.js > JS_BUDGET) breaches.push(`${p.path}: JS ${kb(p.js)} gz (budget ${kb(JS_BUDGET)})`);
  if (p.css > CSS_BUDGET)
    breaches.push(`${p.path}: CSS ${kb(p.css)} gz (budget ${kb(CSS_BUDGET)})`);
}
if (breaches.length === 0) {
  console.log(
    `budget OK (${pages.length} public pages: JS ≤ ${kb(JS_BUDGET)} gz, CSS ≤ ${kb(CSS_BUDGET)} gz)`,
  );
} else {
  console.log('OVER BUDGET:');
  for (const breach of breaches) console.log(`  ${breach}`);
  process.exitCode = 1;
}
