import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
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
} from './lib/content/schemas';

const base = './src/content';
const markdown = (dir: string) => glob({ pattern: '**/*.{md,mdx}', base: `${base}/${dir}` });
const data = (dir: string) => glob({ pattern: '**/*.{yaml,yml,json}', base: `${base}/${dir}` });

// Editors change copy here, in Markdown and YAML; a bad field fails `astro build`
// with the file and the field named (Astro's content validation error).
export const collections = {
  plans: defineCollection({ loader: data('plans'), schema: planSchema }),
  comparison: defineCollection({ loader: data('comparison'), schema: comparisonSectionSchema }),
  faq: defineCollection({ loader: markdown('faq'), schema: faqSchema }),
  useCases: defineCollection({ loader: markdown('use-cases'), schema: useCaseSchema }),
  testimonials: defineCollection({ loader: data('testimonials'), schema: testimonialSchema }),
  statistics: defineCollection({ loader: data('statistics'), schema: statisticSchema }),
  changelog: defineCollection({ loader: markdown('changelog'), schema: changelogSchema }),
  help: defineCollection({ loader: markdown('help'), schema: helpSchema }),
  legal: defineCollection({ loader: markdown('legal'), schema: legalSchema }),
  apps: defineCollection({ loader: data('apps'), schema: appsTopicSchema }),
  marketing: defineCollection({ loader: markdown('marketing'), schema: marketingSchema }),
};
