import { describe, expect, it } from 'vitest';
import { API_TAGS, routeDocs } from './route-docs.ts';
import { routes } from './routes.ts';

describe('route docs', () => {
  it('document every route of the contract, and name no route that does not exist', () => {
    const routeNames = Object.keys(routes).sort();
    const documented = Object.keys(routeDocs).sort();
    expect(
      routeNames.filter((n) => !documented.includes(n)),
      'routes without docs (route-docs-*.ts)',
    ).toEqual([]);
    expect(
      documented.filter((n) => !routeNames.includes(n)),
      'docs naming no route',
    ).toEqual([]);
  });

  it('give each route a known tag and a one-line summary', () => {
    for (const [name, doc] of Object.entries(routeDocs)) {
      expect(Object.keys(API_TAGS), name).toContain(doc.tag);
      expect(doc.summary.length, name).toBeGreaterThan(10);
      expect(doc.summary.length, name).toBeLessThanOrEqual(100);
      expect(doc.summary, name).not.toMatch(/\n|\.$/);
    }
  });
});
