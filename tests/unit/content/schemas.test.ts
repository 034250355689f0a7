import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import { parse } from 'yaml';
import type { ZodTypeAny } from 'zod';
import {
  appsTopicSchema,
  changelogSchema,
  comparisonSectionSchema,
  faqSchema,
  helpSchema,
  legalSchema,
  marketingSchema,
  planSchema,
  statisticSchema,
  testimonialSchema,
  useCaseSchema,
} from '../../../src/lib/content/schemas';

const contentDir = fileURLToPath(new URL('../../../src/content', import.meta.url));

const validPlan = {
  name: 'Pro',
  order: 2,
  priceMonthly: 7,
  priceAnnual: 6,
  trialDays: 14,
  tagline: 'For teams that bill clients for their time.',
  cta: '14 day free trial',
  features: ['Billable rates per team member, task or project'],
};

const validLegal = {
  title: 'Terms of Use',
  validFrom: '2020-02-14',
  paymentTermDays: 8,
  dormantAfterMonths: 1,
  dormancyDays: 90,
  vatPercent: 22,
  liabilityCapPercent: 10,
  liabilityWindowMonths: 6,
};

/** Dotted paths of every issue, e.g. ['priceAnnual', 'rows.0.free']. */
function issuePaths(schema: ZodTypeAny, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

describe('content schemas', () => {
  it('accepts a valid plan', () => {
    const result = planSchema.safeParse(validPlan);
    expect(result.success).toBe(true);
  });

  it('rejects a plan without priceAnnual and names the field', () => {
    const { priceAnnual: _omitted, ...plan } = validPlan;
    expect(planSchema.safeParse(plan).success).toBe(false);
    expect(issuePaths(planSchema, plan)).toContain('priceAnnual');
  });

  it('rejects a comparison section with an unknown name and names the field', () => {
    const section = {
      section: 'Biling',
      order: 3,
      rows: [{ title: 'Rounding', free: false, pro: true }],
    };
    expect(comparisonSectionSchema.safeParse(section).success).toBe(false);
    expect(issuePaths(comparisonSectionSchema, section)).toContain('section');
  });

  it('rejects legal terms with a VAT rate over 100%', () => {
    expect(legalSchema.safeParse(validLegal).success).toBe(true);
    const legal = { ...validLegal, vatPercent: 150 };
    expect(legalSchema.safeParse(legal).success).toBe(false);
    expect(issuePaths(legalSchema, legal)).toContain('vatPercent');
  });
});

/** Files of a content folder with one of the extensions, sorted. */
function filesOf(dir: string, extensions: readonly string[]): string[] {
  const path = join(contentDir, dir);
  if (!existsSync(path)) return [];
  return readdirSync(path)
    .filter((name) => extensions.some((ext) => name.endsWith(ext)))
    .sort();
}

/** The YAML between the opening and closing `---` lines of a Markdown file. */
function frontmatterOf(text: string): unknown {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== '---') throw new Error('the file does not start with a --- line');
  const end = lines.findIndex((line, index) => index > 0 && line.trim() === '---');
  if (end === -1) throw new Error('the frontmatter has no closing --- line');
  return parse(lines.slice(1, end).join('\n'));
}

const dataCollections: [string, ZodTypeAny, number][] = [
  ['plans', planSchema, 2],
  ['comparison', comparisonSectionSchema, 5],
  ['testimonials', testimonialSchema, 3],
  ['statistics', statisticSchema, 3],
  ['apps', appsTopicSchema, 4],
];

const markdownCollections: [string, ZodTypeAny, number][] = [
  ['faq', faqSchema, 9],
  ['use-cases', useCaseSchema, 5],
  ['changelog', changelogSchema, 12],
  ['help', helpSchema, 11],
  ['legal', legalSchema, 1],
  ['marketing', marketingSchema, 4],
];

describe('content files', () => {
  for (const [dir, schema, count] of dataCollections) {
    it(`every YAML file in src/content/${dir} matches its schema`, () => {
      const files = filesOf(dir, ['.yaml', '.yml']);
      expect(files).toHaveLength(count);
      for (const file of files) {
        const data: unknown = parse(readFileSync(join(contentDir, dir, file), 'utf8'));
        expect(issuePaths(schema, data), `${dir}/${file}`).toEqual([]);
      }
    });
  }

  for (const [dir, schema, count] of markdownCollections) {
    it(`every Markdown file in src/content/${dir} has valid frontmatter`, () => {
      const files = filesOf(dir, ['.md', '.mdx']);
      expect(files).toHaveLength(count);
      for (const file of files) {
        const data = frontmatterOf(readFileSync(join(contentDir, dir, file), 'utf8'));
        expect(issuePaths(schema, data), `${dir}/${file}`).toEqual([]);
      }
    });
  }

  it('orders are unique within each collection', () => {
    const orders = (dir: string, extensions: readonly string[], read: (text: string) => unknown) =>
      filesOf(dir, extensions).map(
        (file) =>
          (read(readFileSync(join(contentDir, dir, file), 'utf8')) as { order: number }).order,
      );
    for (const [dir] of dataCollections) {
      const list = orders(dir, ['.yaml', '.yml'], (text) => parse(text));
      expect(new Set(list).size, dir).toBe(list.length);
    }
    for (const dir of ['faq', 'use-cases', 'help']) {
      const list = orders(dir, ['.md'], frontmatterOf);
      expect(new Set(list).size, dir).toBe(list.length);
    }
  });

  it('pricing content agrees with the business constants', () => {
    const plan = (file: string) =>
      planSchema.parse(parse(readFileSync(join(contentDir, 'plans', file), 'utf8')));
    expect(plan('free.yaml')).toMatchObject({ priceMonthly: 0, priceAnnual: 0, trialDays: 0 });
    expect(plan('pro.yaml')).toMatchObject({
      priceMonthly: 7,
      priceAnnual: 6,
      trialDays: 14,
      cta: '14 day free trial',
    });
    const terms = legalSchema.parse(
      frontmatterOf(readFileSync(join(contentDir, 'legal', 'terms.mdx'), 'utf8')),
    );
    expect(terms).toMatchObject({
      paymentTermDays: 8,
      dormantAfterMonths: 1,
      dormancyDays: 90,
      vatPercent: 22,
      liabilityCapPercent: 10,
      liabilityWindowMonths: 6,
    });
    expect(terms.validFrom.toISOString().slice(0, 10)).toBe('2020-02-14');
  });

  it('links in the apps topics point to help articles that exist', () => {
    const slugs = new Set(filesOf('help', ['.md']).map((file) => file.replace(/\.md$/, '')));
    for (const file of filesOf('apps', ['.yaml'])) {
      const topic = appsTopicSchema.parse(
        parse(readFileSync(join(contentDir, 'apps', file), 'utf8')),
      );
      for (const item of topic.items) {
        if (item.href === undefined) continue;
        const match = /^\/help\/([a-z0-9-]+)$/.exec(item.href);
        expect(match?.[1] !== undefined && slugs.has(match[1]), `${file}: ${item.href}`).toBe(true);
      }
    }
  });
});
