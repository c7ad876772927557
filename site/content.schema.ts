// Every piece of marketing copy lives in ../content and is checked against
// these schemas: a typo, a missing field or an unknown key fails the build
// (docs/architecture.md §2). Constants of docs/product.md that are about
// content (3 slides, 9 testimonials, 10 FAQ items, 18 trades, 4–5 trade FAQ
// items) are schema rules, so content cannot drift from docs/product.md §9.
//
// Plain zod and file patterns, so that two readers share one definition:
// Astro's collections (content.config.ts) and the build's content check
// (portal-api/src/site/content-check.ts), which reports every broken file
// with its line before Astro starts.
import { z } from 'astro/zod';

/** Where a collection's files are, as Astro's glob() loader takes them, and what each must hold. */
export type ContentCollection = {
  /** Folder of the files, relative to the project root. */
  base: string;
  /** One file name, or `*.ext` for every such file in the folder. */
  pattern: string;
  schema: z.ZodType;
};

const text = (what: string) => z.string().trim().min(1).describe(what);
const path = z
  .string()
  .regex(/^\/[A-Za-z0-9-]*$/, 'a site path such as /concrete')
  .describe('Site path, exactly as the URL must read (case matters: /Earthwork)');

const seo = z
  .strictObject({
    title: z.string().min(10).max(70).describe('The <title>: unique per page, at most 70 characters'),
    description: z.string().min(50).max(170).describe('The meta description: unique per page, 50–170 characters'),
  })
  .describe('Search and social tags');

/**
 * A call-to-action. `action` buttons are routed in the browser by the stored
 * session (docs/product.md §2): `portal` → /login, /admin or /portal; `sample` (Request
 * Sample Estimate) → /contactus with a token, else /login. `href` is a plain link.
 */
const cta = z.union([
  z.strictObject({ label: text('Button text'), action: z.enum(['portal', 'sample']).describe('Session-routed destination') }),
  z.strictObject({ label: text('Button text'), href: z.string().startsWith('/').describe('Plain site link') }),
]);

const faqItem = z.strictObject({
  question: text('The question, as a visitor would ask it'),
  answer: text('A complete answer in plain text'),
});

const illustration = z
  .strictObject({
    src: z
      .string()
      .regex(/^\/illustrations\/[a-z0-9-]+\.svg$/)
      .describe('An SVG under site/public/illustrations/'),
    alt: z.string().describe('Alternative text; empty only when purely decorative'),
  })
  .describe('An original SVG illustration');

const icon = z
  .enum([
    'blueprint',
    'calculator',
    'clock',
    'layers',
    'shield',
    'chart',
    'upload',
    'chat',
    'file',
    'check',
    'building',
    'tools',
    'truck',
    'factory',
    'gavel',
    'home',
  ])
  .describe('One of the icons drawn by components/marketing/Icon.astro');

/**
 * How a service or trade page preselects the request form: titles exactly as
 * seeded in portal-api/src/db/seed.ts (docs/product.md §3 spellings such as 'Demolititon').
 * tests/e2e/public-content.spec.ts checks every pair against the seed.
 */
const request = z
  .strictObject({
    service: text('Top-level service title as seeded'),
    subService: text('Sub-service title as seeded (omit when the page covers the whole service)').optional(),
  })
  .describe('Preselection for /request');

const company = {
  base: './content',
  pattern: 'company.yaml',
  schema: z.strictObject({
    name: text('Trading name shown in the header, footer and structured data'),
    legalName: text('Legal name for the copyright line'),
    tagline: text('One-line positioning statement'),
    description: text('Two-sentence description used in structured data and the footer'),
    phone: text('Phone number as displayed'),
    phoneE164: z
      .string()
      .regex(/^\+\d{8,15}$/)
      .describe('Same number in E.164 for tel: links'),
    email: z.email().describe('Public e-mail address'),
    address: z.strictObject({
      street: text('Street and suite'),
      city: text('City'),
      region: z.string().length(2).describe('US state code'),
      postalCode: z.string().regex(/^\d{5}$/),
      country: z.string().length(2).describe('ISO country code'),
    }),
    geo: z.strictObject({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
    hours: text('Opening hours as displayed'),
    openingHours: z
      .array(z.string().regex(/^(Mo|Tu|We|Th|Fr|Sa|Su)(-(Mo|Tu|We|Th|Fr|Sa|Su))? \d\d:\d\d-\d\d:\d\d$/))
      .min(1)
      .describe('schema.org openingHours'),
    areaServed: z.array(text('Region')).min(1),
    priceRange: z.string().max(10),
    turnaround: text('The claimed turnaround, e.g. 24–48 hours'),
    fileFormats: z
      .array(z.string().regex(/^[A-Z0-9]+$/))
      .min(1)
      .describe('Accepted upload formats, upper case'),
    social: z
      .array(z.strictObject({ label: text('Network name'), href: z.string() }))
      .length(3)
      .describe('docs/product.md §2: three social links'),
  }),
} satisfies ContentCollection;

const navigation = {
  base: './content',
  pattern: 'navigation.yaml',
  schema: z.strictObject({
    main: z
      .array(z.strictObject({ label: text('Link text'), href: path }))
      .min(1)
      .describe('Top-level links; Services is inserted after the first'),
    servicesLabel: text('Label of the Services menu button'),
    serviceGroups: z
      .array(
        z.strictObject({ id: z.enum(['general-contractor', 'sub-contractor', 'manufacturers']), title: text('Group title'), href: path }),
      )
      .length(3)
      .describe('Groups of the Services menu; their items come from the services and trades collections'),
    loginLabel: text('Login button'),
    logoutLabel: text('Logout button'),
    footer: z.strictObject({
      blurb: text('Short paragraph under the logo'),
      columns: z
        .array(
          z.strictObject({
            title: text('Column heading'),
            links: z
              .array(
                z.union([
                  z.strictObject({ label: text('Link text'), href: z.string().startsWith('/') }),
                  z.strictObject({ label: text('Link text'), action: z.enum(['portal', 'sample']) }),
                ]),
              )
              .min(1),
          }),
        )
        .min(1),
      legal: z
        .array(z.strictObject({ label: text('Placeholder legal link'), href: z.string() }))
        .min(1)
        .describe('docs/product.md §2: Privacy/Terms placeholders'),
      rights: text('Text after "© {year} {legalName}."'),
    }),
    welcome: z
      .strictObject({
        title: text('Modal title'),
        text: text('Modal body'),
        later: text('Dismiss button (docs/product.md: Remind Me Later)'),
        portal: text('Primary button (docs/product.md: Go to Client Portal)'),
        remindAfterHours: z
          .number()
          .int()
          .min(1)
          .max(24 * 30)
          .describe('How long Remind Me Later keeps the modal away'),
      })
      .describe('The welcome modal of docs/product.md §2'),
  }),
} satisfies ContentCollection;

const home = {
  base: './content',
  pattern: 'home.yaml',
  schema: z.strictObject({
    seo,
    slides: z
      .array(
        z.strictObject({
          eyebrow: text('Small line above the heading'),
          heading: text('Slide heading'),
          text: text('Slide text'),
          image: illustration,
          primary: cta,
          secondary: cta.optional(),
        }),
      )
      .length(3)
      .describe('docs/product.md §9: 3 slides'),
    welcome: z.strictObject({
      heading: text('Heading'),
      lead: z.array(text('Paragraph')).min(1),
      more: z.array(text('Paragraph shown after Read more')).min(1),
    }),
    services: z.strictObject({
      eyebrow: text('Small line above the heading'),
      heading: text('Heading'),
      intro: text('Intro'),
      cards: z
        .array(
          z.strictObject({
            title: text('Card title'),
            icon,
            summary: text('Always shown'),
            more: text('Shown after Read more'),
            href: path,
          }),
        )
        .min(3),
    }),
    trustedBy: z.strictObject({
      heading: text('Heading'),
      rows: z
        .array(z.array(text('Client name')).min(3))
        .min(2)
        .describe('Logo rows'),
    }),
    projects: z.strictObject({
      eyebrow: text('Small line above the heading'),
      heading: text('Heading'),
      intro: text('Intro'),
      items: z
        .array(
          z.strictObject({
            title: text('Project'),
            location: text('City'),
            scope: text('What we estimated'),
            value: text('Bid value'),
            image: illustration,
          }),
        )
        .min(3),
    }),
    software: z.strictObject({
      eyebrow: text('Small line above the heading'),
      heading: text('Heading'),
      intro: text('Intro'),
      items: z.array(z.strictObject({ name: text('Product'), use: text('What we use it for') })).min(4),
    }),
    stats: z.strictObject({
      eyebrow: text('Small line above the heading'),
      heading: text('Heading'),
      intro: text('Intro'),
      items: z
        .array(z.strictObject({ value: z.number().int().positive(), suffix: z.string().max(3), label: text('What the number counts') }))
        .length(4)
        .describe('docs/product.md §2: 750+, 150+, 3000+, 5+, counted up over 2 s'),
    }),
    features: z.strictObject({
      eyebrow: text('Small line above the heading'),
      heading: text('Heading'),
      items: z.array(z.strictObject({ title: text('Title'), text: text('Text'), icon })).min(3),
    }),
    steps: z.strictObject({
      eyebrow: text('Small line above the heading'),
      heading: text('Heading'),
      intro: text('Intro'),
      items: z.array(z.strictObject({ title: text('Step'), text: text('What happens') })).min(3),
    }),
    reports: z.strictObject({ heading: text('Heading'), text: text('Text'), buttons: z.array(cta).min(1).max(3) }),
    testimonials: z.strictObject({ eyebrow: text('Small line above the heading'), heading: text('Heading of the testimonials slider') }),
    bookCall: z.strictObject({
      heading: text('Heading'),
      text: text('Text'),
      button: cta,
      phoneLabel: text('Label before the phone number'),
    }),
    faq: z.strictObject({
      eyebrow: text('Small line above the heading'),
      heading: text('Heading'),
      items: z.array(faqItem).length(10).describe('docs/product.md §9: 10 items, 8 shown until View All'),
    }),
  }),
} satisfies ContentCollection;

const testimonials = {
  base: './content',
  pattern: 'testimonials.yaml',
  schema: z.strictObject({
    items: z
      .array(
        z.strictObject({
          name: text('Client name'),
          role: text('Job title'),
          company: text('Company and city'),
          quote: z.string().min(60).max(360),
        }),
      )
      .length(9)
      .describe('docs/product.md §9: 9 testimonials, 3 per slide'),
  }),
} satisfies ContentCollection;

const about = {
  base: './content',
  pattern: 'about.yaml',
  schema: z.strictObject({
    seo,
    eyebrow: text('Small line above the heading'),
    heading: text('Page heading'),
    intro: text('Hero text'),
    story: z.strictObject({ heading: text('Heading'), paragraphs: z.array(text('Paragraph')).min(2) }),
    directorsSection: z.strictObject({ eyebrow: text('Small line above the heading'), heading: text('Heading above the two messages') }),
    directors: z
      .array(
        z.strictObject({
          name: text('Name'),
          title: text('Job title'),
          heading: text('Message heading'),
          message: z.array(text('Paragraph')).min(1),
        }),
      )
      .length(2)
      .describe('docs/product.md §2: two director messages'),
    vision: z.strictObject({
      eyebrow: text('Small line above the heading'),
      heading: text('Heading'),
      text: text('Vision statement'),
      values: z.array(z.strictObject({ title: text('Value'), text: text('What it means') })).min(3),
    }),
    testimonials: z.strictObject({ eyebrow: text('Small line above the heading'), heading: text('Heading above the testimonials') }),
    cta: z.strictObject({ heading: text('Heading'), text: text('Text'), primary: cta, secondary: cta }),
  }),
} satisfies ContentCollection;

const contact = {
  base: './content',
  pattern: 'contact.yaml',
  schema: z.strictObject({
    seo,
    eyebrow: text('Small line above the heading'),
    heading: text('Page heading'),
    intro: text('Hero text'),
    formHeading: text('Heading above the form'),
    formIntro: text('Text above the form'),
    serviceOptions: z.array(text('Option of the service select')).min(3).describe('Choices of the contact form service field'),
    labels: z
      .strictObject({
        name: text('Name field'),
        email: text('E-mail field'),
        phone: text('Phone field (optional)'),
        service: text('Service field'),
        servicePlaceholder: text('First, empty choice of the service field'),
        message: text('Message field'),
        submit: text('Send button'),
        submitting: text('Send button while the message is on its way'),
      })
      .describe('Contact form labels'),
    detailsHeading: text('Heading of the contact details'),
    responseNote: text('When we answer'),
    map: z.strictObject({
      heading: text('Heading'),
      button: text('Button that loads the map'),
      note: text('Privacy note under the button'),
      title: text('Title of the map frame'),
    }),
  }),
} satisfies ContentCollection;

const templates = {
  base: './content',
  pattern: 'templates.yaml',
  schema: z.strictObject({
    servicePage: z.strictObject({
      highlightsEyebrow: text('Eyebrow above the feature cards'),
      highlightsHeading: text('Heading of the feature cards'),
      faqEyebrow: text('Eyebrow above the FAQ'),
      faqHeading: text('Heading of the FAQ'),
      sampleCta: cta.describe('Second button in the hero'),
    }),
    tradePage: z.strictObject({
      scopeHeading: text('Heading of the "what the takeoff includes" list'),
      cardsHeading: text('Heading of the READ MORE cards'),
      faqEyebrow: text('Eyebrow above the FAQ'),
      faqHeading: text('Heading of the FAQ'),
      otherTradesHeading: text('Heading of the links to other trades'),
    }),
    glance: z.strictObject({
      heading: text('Heading of the at-a-glance box on service and trade pages'),
      turnaround: text('Label before the turnaround'),
      formats: text('Label before the file formats'),
      deliverables: text('Label before the deliverables'),
      items: z.array(text('Deliverable')).min(2),
    }),
    closing: z.strictObject({ heading: text('Heading of the closing band'), text: text('Text of the closing band'), secondary: cta }),
    notFound: z.strictObject({
      seo,
      eyebrow: text('Small line above the heading'),
      heading: text('Heading of the 404 page'),
      text: text('Explanation'),
      links: z.array(z.strictObject({ label: text('Link text'), href: path })).min(2),
    }),
  }),
} satisfies ContentCollection;

const pageBase = {
  title: text('The page heading (h1)'),
  path,
  seo,
  eyebrow: text('Small line above the heading'),
  intro: text('Lead paragraph under the heading'),
  request,
  ctaLabel: text('Text of the request button'),
  faq: z.array(faqItem),
};

const services = {
  base: './content/services',
  pattern: '*.md',
  schema: z
    .strictObject({
      ...pageBase,
      menu: z.strictObject({
        group: z.enum(['general-contractor', 'sub-contractor', 'manufacturers']),
        label: text('Menu label'),
        order: z.number().int(),
      }),
      highlights: z
        .array(z.strictObject({ title: text('Title'), text: text('Text'), icon }))
        .min(3)
        .max(6)
        .describe('Feature cards'),
      accordion: z
        .strictObject({
          heading: text('Heading'),
          items: z.array(z.strictObject({ title: text('Trade'), text: text('What the estimate covers'), href: path.optional() })).min(2),
        })
        .optional()
        .describe('Numbered accordion (the sub-contractor page lists 18 trades, docs/product.md §2)'),
      faq: z.array(faqItem).min(3).max(12),
    })
    .refine((page) => page.path !== '/sub-contractor' || page.accordion?.items.length === 18, {
      message: 'docs/product.md §2: the sub-contractor accordion lists 18 trades',
      path: ['accordion'],
    }),
} satisfies ContentCollection;

const trades = {
  base: './content/trades',
  pattern: '*.md',
  schema: z.strictObject({
    ...pageBase,
    menuLabel: text('Label in the Services menu'),
    order: z.number().int().describe('Position in menus and lists'),
    scope: z.array(text('Item included in the takeoff')).min(4).describe('What the estimate includes'),
    cards: z
      .array(z.strictObject({ title: text('Card title'), summary: text('Always shown'), more: text('Shown after READ MORE') }))
      .min(3)
      .max(6),
    faq: z.array(faqItem).min(4).max(5).describe('docs/product.md §2: trade FAQ lists have 4–5 items'),
  }),
} satisfies ContentCollection;

/** Privacy and Terms: Markdown pages rendered at their path by pages/privacy.astro and pages/terms.astro. */
const legal = {
  base: './content/legal',
  pattern: '*.md',
  schema: z.strictObject({
    title: text('Page heading'),
    path: z.enum(['/privacy', '/terms']).describe('Where the page is served'),
    updated: z.coerce.date().describe('Shown as "Last updated"'),
    seo,
  }),
} satisfies ContentCollection;

export const CONTENT_COLLECTIONS = { company, navigation, home, testimonials, about, contact, templates, services, trades, legal };
