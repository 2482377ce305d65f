import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eStack, startE2e } from '../stack.ts';

/**
 * Issue 25: the web app posts its uncaught errors to the server's log collection (spec section 7),
 * personal data replaced on the server, an error thrown again at once sent only once; and Try Again
 * pings `alive`.
 */
let stack: E2eStack;
beforeAll(async () => {
  stack = await startE2e();
}, 60_000);
afterAll(() => stack?.stop());

type Row = { message: string; screen: string | null; client: string | null };
const logged = async (tag: string) =>
  (
    (await stack.server.database.db.execute(
      sql`select message, screen, client from client_logs where message like ${`%${tag}%`}`,
    )) as unknown as { rows: Row[] }
  ).rows;

describe('the error log from the web app', () => {
  it('sends an uncaught error and an unhandled rejection once each, with no e-mail address in them', async () => {
    const context = await stack.newContext('en');
    const page = await context.newPage();
    await stack.logIn(page);
    // A tag of this attempt's own: a retry does not count the rows of the one before.
    const tag = `check${Date.now()}`;
    await page.evaluate((t) => {
      for (let i = 0; i < 3; i++)
        setTimeout(() => {
          throw new Error(`reporter ${t} for jane.doe@example.com`);
        }, 0);
      void Promise.reject(new Error(`reporter ${t} rejected`));
    }, tag);
    await expect.poll(async () => (await logged(tag)).length, { timeout: 10_000 }).toBe(2);
    await page.waitForTimeout(500);
    const rows = await logged(tag);
    expect(rows).toHaveLength(2);
    const messages = rows.map((r) => r.message).sort();
    expect(messages).toEqual([
      `Error: reporter ${tag} for {email}`,
      `Unhandled rejection: Error: reporter ${tag} rejected`,
    ]);
    expect(rows.every((r) => r.screen?.startsWith('/') && r.client !== null)).toBe(true);
    await context.close();
  });

  it('Try Again on the no-internet modal asks the server through alive', async () => {
    const context = await stack.newContext('en');
    const page = await context.newPage();
    await stack.logIn(page);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/v1/')) asked.push(new URL(r.url()).pathname);
    });
    await context.setOffline(true);
    await page.getByTestId('no-internet-modal').waitFor({ timeout: 5000 });
    await page.getByTestId('no-internet-retry').click();
    await expect.poll(() => asked.includes('/api/v1/alive'), { timeout: 5000 }).toBe(true);
    expect(asked).not.toContain('/api/v1/time');
    await context.setOffline(false);
    await context.close();
  });
});
