import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { expect } from 'vitest';

/** What the admin console's browser tests share. */

/** The zone the console tests run the browser in, and its offset (no summer time there). */
export const CONSOLE_ZONE = 'Asia/Shanghai';
export const CONSOLE_ZONE_OFFSET_MS = 8 * 3_600_000;

/**
 * Types a time into a datetime-local input as a user does (Chromium's en-US order: month, day,
 * year, then hour, minute, second and AM/PM), as the wall clock of the console tests' zone.
 */
export async function typeDateTime(page: Page, selector: string, at: Date): Promise<void> {
  const local = new Date(at.getTime() + CONSOLE_ZONE_OFFSET_MS);
  const p = (n: number) => String(n).padStart(2, '0');
  const hour = local.getUTCHours();
  await page.focus(selector);
  await page.keyboard.type(`${p(local.getUTCMonth() + 1)}${p(local.getUTCDate())}${local.getUTCFullYear()}`);
  await page.keyboard.press('Tab');
  await page.keyboard.type(
    `${p(hour % 12 || 12)}${p(local.getUTCMinutes())}${p(local.getUTCSeconds())}${hour < 12 ? 'A' : 'P'}`,
  );
  const expected = `${local.getUTCFullYear()}-${p(local.getUTCMonth() + 1)}-${p(local.getUTCDate())}T${p(hour)}:${p(local.getUTCMinutes())}`;
  const value = await page.$eval(selector, (el) => (el as HTMLInputElement).value);
  expect(value.startsWith(expected)).toBe(true);
}

/** A file the browser finished saving into `dir` (Chromium writes .crdownload until done). */
export async function savedFile(dir: string, suffix: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const done = readdirSync(dir).find((f) => f.endsWith(suffix));
    if (done) return join(dir, done);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${suffix} download in ${dir}: ${readdirSync(dir).join(', ')}`);
}
