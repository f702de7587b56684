import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminContestVO } from '@/shared/api/contest-types';
import type { Language } from '@/shared/api/types';
import { AwardType, ContestAuth, ContestType } from '@/shared/constants/contests';
import { ProblemAuth } from '@/shared/constants/problems';
import { contestCreateBody } from '@/shared/schemas/contests';
import { checkContestForm, contestResolver } from '@/web/features/admin/contests/lib/contest-form-check';
import {
  contestValues,
  newAward,
  newContestValues,
  parseStarAccounts,
  toContestBody,
} from '@/web/features/admin/contests/lib/contest-form-values';
import { newContestProblemValues } from '@/web/features/admin/contests/lib/contest-problem-values';
import { compareDisplayIds, nextDisplayId } from '@/web/features/admin/contests/lib/display-id';
import {
  durationParts,
  durationSeconds,
  fromLocalInput,
  timeZoneLabel,
  toLocalInput,
  utcOffsetLabel,
} from '@/web/features/admin/contests/lib/local-time';
import { fieldOfRefusal } from '@/web/features/admin/contests/lib/server-refusal';
import { editorSchema } from '@/web/features/admin/problems/lib/editor-schema';

/** Node reads TZ afresh when it changes: each case pins the zone it describes. */
const savedZone = process.env.TZ;
const inZone = (zone: string) => {
  process.env.TZ = zone;
};
beforeEach(() => inZone('Asia/Shanghai'));
afterEach(() => {
  process.env.TZ = savedZone;
});

describe('contest times in the form', () => {
  it('shows a stored UTC time as the wall clock of the browser zone and reads it back as UTC', () => {
    expect(toLocalInput('2026-03-01T02:30:00.000Z')).toBe('2026-03-01T10:30');
    expect(toLocalInput('2026-03-01T02:30:15.000Z')).toBe('2026-03-01T10:30:15');
    expect(fromLocalInput('2026-03-01T10:30')).toBe('2026-03-01T02:30:00.000Z');
    expect(fromLocalInput('2026-03-01T10:30:15')).toBe('2026-03-01T02:30:15.000Z');
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('not a time')).toBe('');
  });

  it('refuses empty, malformed and impossible dates instead of rolling them over', () => {
    expect(fromLocalInput('')).toBe('');
    expect(fromLocalInput('2026-02-30T10:00')).toBe('');
    expect(fromLocalInput('tomorrow')).toBe('');
  });

  it('names the zone with its offset at that moment, summer time included', () => {
    expect(utcOffsetLabel(new Date('2026-01-01T00:00:00Z'))).toBe('UTC+08:00');
    expect(timeZoneLabel(new Date('2026-01-01T00:00:00Z'), 'Asia/Shanghai')).toBe(
      'UTC+08:00 (Asia/Shanghai)',
    );
    inZone('America/New_York');
    expect(utcOffsetLabel(new Date('2026-01-15T12:00:00Z'))).toBe('UTC-05:00');
    expect(utcOffsetLabel(new Date('2026-07-15T12:00:00Z'))).toBe('UTC-04:00');
    inZone('Asia/Kolkata');
    expect(timeZoneLabel(new Date('2026-01-15T12:00:00Z'), '')).toBe('UTC+05:30');
  });

  it('gives the duration only for an end after the start', () => {
    expect(durationSeconds('2026-03-01T02:00:00Z', '2026-03-01T04:30:00Z')).toBe(9000);
    expect(durationSeconds('2026-03-01T02:00:00Z', '2026-03-01T02:00:00Z')).toBeNull();
    expect(durationSeconds('', '2026-03-01T02:00:00Z')).toBeNull();
    expect(durationParts(9000)).toEqual({ days: 0, hours: 2, minutes: 30 });
    expect(durationParts(90_061)).toEqual({ days: 1, hours: 1, minutes: 1 });
  });
});

describe('display ids', () => {
  it('suggests the next letter or number, skipping ids in use', () => {
    expect(nextDisplayId([])).toBe('A');
    expect(nextDisplayId(['A', 'B'])).toBe('C');
    expect(nextDisplayId(['A', 'C'])).toBe('D');
    expect(nextDisplayId(['Z'])).toBe('AA');
    expect(nextDisplayId(['1', '2', '10'])).toBe('11');
    expect(nextDisplayId(['A1', 'A2'])).toBe('A');
    expect(nextDisplayId(['a'])).toBe('B');
  });

  it('orders ids as a problem set reads', () => {
    expect(['C', 'AA', 'B', 'A'].sort(compareDisplayIds)).toEqual(['A', 'B', 'C', 'AA']);
    expect(['10', '2', '1'].sort(compareDisplayIds)).toEqual(['1', '2', '10']);
    expect(['A10', 'A2'].sort(compareDisplayIds)).toEqual(['A2', 'A10']);
  });
});

describe('server refusals beside their field', () => {
  const words: Record<string, string> = {
    'contest.displayIdTaken': 'Another problem of this contest already has this display id.',
    'contest.shortNameTaken': 'Another contest already uses this short name.',
  };
  const t = (key: string) => words[key] ?? key;
  it('finds the field whose key has the message’s words', () => {
    expect(
      fieldOfRefusal('Another contest already uses this short name.', t, {
        'contest.shortNameTaken': 'shortName',
        'contest.displayIdTaken': 'displayId',
      }),
    ).toEqual({ field: 'shortName', key: 'contest.shortNameTaken' });
    expect(fieldOfRefusal('Something else.', t, { 'contest.shortNameTaken': 'shortName' })).toBeNull();
    expect(fieldOfRefusal('', t, { 'contest.shortNameTaken': 'shortName' })).toBeNull();
  });
});

const stored: AdminContestVO = {
  id: 7,
  author: 'root',
  uid: 'u1',
  title: 'Spring Cup',
  type: ContestType.OI,
  description: 'Have fun',
  status: -1,
  source: 0,
  auth: ContestAuth.PROTECTED,
  now: '2026-03-01T00:00:00.000Z',
  startTime: '2026-03-01T02:00:00.000Z',
  endTime: '2026-03-01T07:00:00.000Z',
  duration: 18000,
  sealRank: true,
  sealRankTime: '2026-03-01T06:00:00.000Z',
  autoRealRank: false,
  openPrint: true,
  openRank: true,
  rankShowName: 'realname',
  oiRankScoreType: 'Highest',
  penaltyMode: 'icpc-minutes',
  allowEndSubmit: true,
  informedTitle: null,
  informed: 'Read me',
  count: 3,
  gid: null,
  pwd: 'secret',
  visible: false,
  starAccount: ['guest1', 'guest2'],
  awardType: AwardType.COUNT,
  awardConfigList: [
    { priority: 2, name: 'Silver', background: '#c0c0c0', color: '#000000', num: 2 },
    { priority: 1, name: 'Gold', background: '#ffd700', color: '#000000', num: 1 },
  ],
  shortName: 'spring',
  subheading: null,
  sponsor: 'ACME',
  coOrganizer: null,
  organizer: null,
  backgroundImage: null,
  submitBurst: 3,
  submitRefillSeconds: 10,
  gmtCreate: '2026-02-01T00:00:00.000Z',
  gmtModified: '2026-02-01T00:00:00.000Z',
};

describe('the contest form', () => {
  it('opens a stored contest and sends back the same settings', () => {
    const values = contestValues(stored);
    expect(values.startTime).toBe('2026-03-01T10:00');
    expect(values.sealRankTime).toBe('2026-03-01T14:00');
    expect(values.starAccount).toBe('guest1\nguest2');
    expect(values.awardConfigList.map((a) => a.name)).toEqual(['Gold', 'Silver']);
    const body = toContestBody(values);
    expect(body).toMatchObject({
      title: 'Spring Cup',
      type: ContestType.OI,
      auth: ContestAuth.PROTECTED,
      pwd: 'secret',
      visible: false,
      startTime: stored.startTime,
      endTime: stored.endTime,
      sealRank: true,
      sealRankTime: stored.sealRankTime,
      autoRealRank: false,
      rankShowName: 'realname',
      oiRankScoreType: 'Highest',
      penaltyMode: 'icpc-minutes',
      starAccount: ['guest1', 'guest2'],
      awardType: AwardType.COUNT,
      shortName: 'spring',
      sponsor: 'ACME',
      subheading: null,
      informed: 'Read me',
      submitBurst: 3,
      submitRefillSeconds: 10,
    });
    expect(body.awardConfigList?.map((a) => [a.priority, a.name])).toEqual([
      [1, 'Gold'],
      [2, 'Silver'],
    ]);
    expect(contestCreateBody.safeParse(body).success).toBe(true);
    expect(checkContestForm(values)).toEqual({});
  });

  it('starts a new contest at the next full hour for five hours, valid as it is once titled', () => {
    const values = newContestValues(new Date('2026-03-01T02:17:00.000Z'));
    expect(values.startTime).toBe('2026-03-01T11:00');
    expect(values.endTime).toBe('2026-03-01T16:00');
    expect(checkContestForm(values)).toEqual({ title: 'contest.titleRequired' });
    expect(checkContestForm({ ...values, title: 'Cup' })).toEqual({});
  });

  it('drops the password of a public contest, the seal time of an unsealed board and the awards of none', () => {
    const values = {
      ...contestValues(stored),
      auth: ContestAuth.PUBLIC,
      sealRank: false,
      awardType: AwardType.NONE,
    };
    const body = toContestBody(values);
    expect(body.pwd).toBeNull();
    expect(body.sealRankTime).toBeNull();
    expect(body.awardConfigList).toEqual([]);
  });

  it('says what the server would: end before start, no password, seal outside, bad limits, bad awards', async () => {
    const base = { ...contestValues(stored), title: 'Cup' };
    expect(checkContestForm({ ...base, endTime: '2026-03-01T09:00' })).toEqual({
      endTime: 'contest.endBeforeStart',
    });
    expect(checkContestForm({ ...base, pwd: ' ' })).toEqual({ pwd: 'contest.passwordRequired' });
    expect(checkContestForm({ ...base, sealRankTime: '2026-03-01T16:00' })).toEqual({
      sealRankTime: 'contest.sealTimeOutside',
    });
    expect(checkContestForm({ ...base, sealRankTime: '' })).toEqual({
      sealRankTime: 'contest.sealTimeRequired',
    });
    expect(checkContestForm({ ...base, startTime: '' })).toMatchObject({
      startTime: 'contest.startTimeRequired',
    });
    expect(checkContestForm({ ...base, submitBurst: Number.NaN })).toEqual({
      submitBurst: 'contestLimits.submitBurstInvalid',
    });
    expect(checkContestForm({ ...base, shortName: 'admin' })).toEqual({
      shortName: 'contestSite.shortNameReserved',
    });
    expect(checkContestForm({ ...base, shortName: 'ab' })).toEqual({ shortName: 'contest.shortNameLength' });
    expect(checkContestForm({ ...base, starAccount: 'x'.repeat(300) })).toEqual({
      starAccount: 'contest.starAccountInvalid',
    });
    const badAward = { ...base, awardConfigList: [{ ...newAward(0, AwardType.COUNT), name: ' ' }] };
    expect(checkContestForm(badAward)).toEqual({ 'awardConfigList.0.name': 'admin.contest.awardRowInvalid' });

    const resolved = await contestResolver(badAward, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    } as never);
    expect(resolved.errors).toMatchObject({
      awardConfigList: [{ name: { message: 'admin.contest.awardRowInvalid' } }],
    });
    const fine = await contestResolver(base, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    } as never);
    expect(fine).toEqual({ values: base, errors: {} });
  });

  it('reads star users one a line or by commas, each once', () => {
    expect(parseStarAccounts(' a \nb,c， a\n\n')).toEqual(['a', 'b', 'c']);
  });

  it('gives new award levels medal colours and a sensible number', () => {
    expect(newAward(0, AwardType.PERCENT)).toMatchObject({ num: 10, background: '#f5c518' });
    expect(newAward(5, AwardType.COUNT)).toMatchObject({ num: 1, background: '#e5e7eb' });
  });
});

describe('the problem editor in contest mode', () => {
  const languages: Language[] = [
    {
      id: 1,
      name: 'C++',
      contentType: 'text/x-c++src',
      description: 'C++',
      compileCommand: '',
      template: '',
      codeTemplate: '',
      isSpj: false,
      oj: 'ME',
      seq: 1,
    },
  ];

  it('makes a problem of the contest type, kept for contests, at the suggested display id', () => {
    const values = newContestProblemValues(languages, ContestType.OI, 'C');
    expect(values.problem.type).toBe(1);
    expect(values.problem.auth).toBe(ProblemAuth.CONTEST);
    expect(values.contest).toEqual({ displayId: 'C', displayTitle: '', color: '' });
  });

  it('checks the placement with the server’s rules', () => {
    const values = newContestProblemValues(languages, ContestType.ACM, '');
    const result = editorSchema.safeParse({ ...values, caseSource: 'manual' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
      'contest.displayId',
      'contest.displayIdRequired',
    ]);
  });
});
