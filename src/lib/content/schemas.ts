import { z } from 'zod';

/** Plan card on /pricing and the landing page. */
export const planSchema = z.object({
  name: z.string().min(1).describe('Plan name shown on the card, e.g. "Free" or "Pro"'),
  order: z.number().int().describe('Position of the card, smallest first'),
  priceMonthly: z
    .number()
    .nonnegative()
    .describe('USD per active member per month, billed monthly'),
  priceAnnual: z
    .number()
    .nonnegative()
    .describe('USD per active member per month, billed annually'),
  trialDays: z.number().int().nonnegative().describe('Free trial length in days; 0 for none'),
  tagline: z.string().min(1).describe('One line under the plan name'),
  cta: z.string().min(1).describe('Button label; the button always goes to /signup'),
  features: z.array(z.string().min(1)).min(1).describe('Bullet list of what the plan includes'),
});

/** One section (Track, Organize, Billing, Report, Team) of the pricing comparison table. */
export const comparisonSectionSchema = z.object({
  section: z.enum(['Track', 'Organize', 'Billing', 'Report', 'Team']).describe('Section heading'),
  order: z.number().int().describe('Position of the section, smallest first'),
  rows: z
    .array(
      z.object({
        title: z.string().min(1).describe('Feature name'),
        free: z.boolean().describe('Included in Free'),
        pro: z.boolean().describe('Included in Pro'),
      }),
    )
    .min(1)
    .describe('Feature rows of this section'),
});

/** A pricing FAQ item; the Markdown body is the answer. */
export const faqSchema = z.object({
  question: z.string().min(1).describe('The question, shown as the accordion summary'),
  order: z.number().int().describe('Position in the list, smallest first'),
});

/** A use-case card; the Markdown body is the longer description. */
export const useCaseSchema = z.object({
  title: z.string().min(1).describe('Card title'),
  summary: z.string().min(1).describe('One or two sentences shown on the card'),
  order: z.number().int().describe('Position in the grid, smallest first'),
});

/** A customer testimonial. */
export const testimonialSchema = z.object({
  quote: z.string().min(1).describe('What the customer said'),
  name: z.string().min(1).describe('Person quoted'),
  role: z.string().min(1).describe('Their role and company'),
  order: z.number().int().describe('Position, smallest first'),
});

/** A statistics claim such as "250.000+ people". */
export const statisticSchema = z.object({
  value: z.string().min(1).describe('The figure as shown, e.g. "250.000+"'),
  label: z.string().min(1).describe('What the figure counts'),
  order: z.number().int().describe('Position, smallest first'),
});

/** A changelog announcement; the Markdown body is the announcement text. */
export const changelogSchema = z.object({
  title: z.string().min(1).describe('Headline of the announcement'),
  date: z.coerce.date().describe('Publication date, YYYY-MM-DD'),
});

/** A help-centre article; the Markdown body is the article. */
export const helpSchema = z.object({
  title: z.string().min(1).describe('Article title, also the card title on /help'),
  summary: z.string().min(1).describe('One sentence shown on the card'),
  audience: z.enum(['Administrators', 'Team members', 'Everyone']).describe('Who it is for'),
  order: z.number().int().describe('Position of the card, smallest first'),
});

/** A legal document; figures live in frontmatter so the body and tests agree on them. */
export const legalSchema = z.object({
  title: z.string().min(1).describe('Document title'),
  validFrom: z.coerce.date().describe('Date from which these terms apply'),
  paymentTermDays: z.number().int().positive().describe('Days from invoice date to pay'),
  dormantAfterMonths: z.number().int().positive().describe('Months unpaid before dormant mode'),
  dormancyDays: z.number().int().positive().describe('Days a dormant account is kept'),
  vatPercent: z.number().min(0).max(100).describe('Slovenian VAT rate in percent'),
  liabilityCapPercent: z.number().min(0).max(100).describe('Liability cap, percent of fees'),
  liabilityWindowMonths: z.number().int().positive().describe('Months of fees the cap counts'),
});

/** A group of links or topics on /apps. */
export const appsTopicSchema = z.object({
  title: z.string().min(1).describe('Group heading'),
  kind: z.enum(['apps', 'integrations', 'admin', 'entities']).describe('Which part of /apps'),
  order: z.number().int().describe('Position, smallest first'),
  items: z
    .array(
      z.object({
        label: z.string().min(1).describe('Topic or link text'),
        href: z.string().optional().describe('Our own page for it; omitted renders plain text'),
      }),
    )
    .min(1)
    .describe('Topics of the group'),
});

/** Copy of a marketing page (landing, how it works, use cases, clocking in and out). */
export const marketingSchema = z.object({
  title: z.string().min(1).describe('Page <title> and main heading'),
  description: z.string().min(1).describe('Meta description and subheading'),
  cta: z.string().min(1).describe('Primary button label'),
  ctaHref: z.string().startsWith('/').describe('Primary button target, one of our routes'),
});
