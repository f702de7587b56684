import type { TFunction } from 'i18next';
import { browser } from 'wxt/browser';
import { statusInfo } from '@/shared/constants/judge-status';
import { formatMemory, formatTime } from '@/shared/format';
import { lastNotificationItem, type NotificationRecord, notificationUrlsItem } from './state';

/** How many notification → address entries are kept for clicks. */
const KEEP_URLS = 30;

export interface VerdictFacts {
  submitId: number;
  problemLabel: string;
  title: string | null;
  status: number;
  time: number | null;
  memory: number | null;
  score: number | null;
  /** the contest's name, for a contest submission */
  contestTitle?: string | null;
  /** the first lines of the compiler's message, for a compile error */
  compileMessage?: string | null;
}

/**
 * Title and text of a final verdict: the problem (with its contest's name inside a contest), the
 * verdict, time and memory, or the compiler's first line for a compile error.
 */
export function verdictText(t: TFunction, facts: VerdictFacts): { title: string; message: string } {
  const named = facts.title ? `${facts.problemLabel} ${facts.title}` : facts.problemLabel;
  const problem = facts.contestTitle
    ? t('ext.notify.inContest', { contest: facts.contestTitle, problem: named })
    : named;
  const verdict = t(`status.${statusInfo(facts.status).key}`);
  // the compiler's first error says most ("main.cpp: In function …" only says where)
  const lines = facts.compileMessage?.split('\n') ?? [];
  const compilerLine = lines.find((line) => /\berror\b/i.test(line)) ?? lines[0];
  if (compilerLine) {
    return { title: t('ext.notify.verdictTitle', { problem }), message: `${verdict} · ${compilerLine}` };
  }
  const parts = [
    facts.score !== null && facts.score !== undefined && facts.status === 8
      ? `${verdict} (${facts.score})`
      : verdict,
    // a compile error (or a cancelled run) has no time or memory to show
    ...(facts.time === null && facts.memory === null
      ? []
      : [
          t('ext.notify.time', { time: formatTime(facts.time) }),
          t('ext.notify.memory', { memory: formatMemory(facts.memory) }),
        ]),
  ];
  return { title: t('ext.notify.verdictTitle', { problem }), message: parts.join(' · ') };
}

/** Shows a notification, remembers where a click on it leads, and records it as the last one. */
export async function showNotification(
  id: string,
  record: Omit<NotificationRecord, 'id' | 'at'>,
): Promise<NotificationRecord> {
  const full: NotificationRecord = { ...record, id, at: Date.now() };
  const urls = await notificationUrlsItem.getValue();
  const entries = Object.entries({ ...urls, [id]: record.url }).slice(-KEEP_URLS);
  await notificationUrlsItem.setValue(Object.fromEntries(entries));
  await lastNotificationItem.setValue(full);
  try {
    await browser.notifications.create(id, {
      type: 'basic',
      iconUrl: browser.runtime.getURL('/icon/128.png'),
      title: record.title,
      message: record.message,
      priority: 1,
    });
  } catch {
    // notifications refused (e.g. by the system): the popup still shows the verdict
  }
  return full;
}

/** A click on a notification opens what it is about (the submission detail, the contest). */
export async function openNotification(id: string): Promise<void> {
  const urls = await notificationUrlsItem.getValue();
  const url = urls[id];
  if (url) await browser.tabs.create({ url });
  await browser.notifications.clear(id).catch(() => undefined);
}
