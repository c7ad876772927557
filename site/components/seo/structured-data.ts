// schema.org JSON-LD builders (https://developers.google.com/search/docs/appearance/structured-data).
import type { CollectionEntry } from 'astro:content';

type Company = CollectionEntry<'company'>['data'];
export type JsonLd = Record<string, unknown>;
export type Crumb = { name: string; path: string };

export function localBusiness(company: Company, site: URL): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': new URL('/#business', site).href,
    name: company.name,
    legalName: company.legalName,
    description: company.description,
    url: new URL('/', site).href,
    image: new URL('/og-image.png', site).href,
    logo: new URL('/favicon.svg', site).href,
    telephone: company.phoneE164,
    email: company.email,
    priceRange: company.priceRange,
    address: {
      '@type': 'PostalAddress',
      streetAddress: company.address.street,
      addressLocality: company.address.city,
      addressRegion: company.address.region,
      postalCode: company.address.postalCode,
      addressCountry: company.address.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: company.geo.latitude, longitude: company.geo.longitude },
    openingHours: company.openingHours,
    areaServed: company.areaServed.map((name) => ({ '@type': 'AdministrativeArea', name })),
  };
}

export function faqPage(items: ReadonlyArray<{ question: string; answer: string }>): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

export function breadcrumbList(crumbs: readonly Crumb[], site: URL): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: new URL(crumb.path, site).href,
    })),
  };
}

/** JSON for a <script type="application/ld+json">: "<" escaped so text can never close the element. */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
