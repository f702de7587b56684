import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * The ICPC Contest API 2023-06 as a checker of event feeds: the API's JSON schemas (tests/fixtures/ccs-specs, its
 * README says which files of icpc/ccs-specs they are) and the rules of the API's text they cannot state.
 */

const SPECS = join(__dirname, '../fixtures/ccs-specs');

/** The schema of each event type's data. */
export const SCHEMA_OF: Record<string, string> = {
  contest: 'contest.json',
  'judgement-types': 'judgement-type.json',
  languages: 'language.json',
  problems: 'problem.json',
  groups: 'group.json',
  organizations: 'organization.json',
  teams: 'team.json',
  persons: 'person.json',
  accounts: 'account.json',
  state: 'state.json',
  submissions: 'submission.json',
  judgements: 'judgement.json',
  runs: 'run.json',
  clarifications: 'clarification.json',
  awards: 'award.json',
  commentary: 'commentary.json',
};

function specValidators() {
  // multipleOf 0.001 is checked with a tolerance: "0.043" is a multiple of 0.001, 0.043 / 0.001 in floating
  // point is not an integer
  const ajv = new Ajv2020({ strict: false, allErrors: true, multipleOfPrecision: 9 });
  addFormats(ajv);
  const dir = join(SPECS, 'json-schema');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const schema = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
    // the files refer to each other by file name ("common.json#/identifier"); their $id name two branches and
    // their $schema is not the meta-schema's exact URI, so both are dropped and the file name is the key
    delete schema.$id;
    delete schema.$schema;
    ajv.addSchema(schema, file);
  }
  const get = (name: string): ValidateFunction => {
    const v = ajv.getSchema(name);
    if (!v) throw new Error(`no schema ${name}`);
    return v;
  };
  const branchCommon = JSON.parse(readFileSync(join(SPECS, '2023-06-branch/common.json'), 'utf8')) as {
    endpointssingularcontest: { enum: string[] };
    judgementtypeid: { enum: string[] };
  };
  return {
    envelope: get('event-feed.json'),
    data: (type: string) => (SCHEMA_OF[type] ? get(SCHEMA_OF[type]) : null),
    types: branchCommon.endpointssingularcontest.enum,
    judgementTypes: branchCommon.judgementtypeid.enum,
  };
}

export const spec = specValidators();

export interface FeedEvent {
  type: string;
  id?: string | null;
  data: Record<string, unknown> | null;
}

export function parseFeed(text: string): FeedEvent[] {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as FeedEvent);
}

const described = (at: string, errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) => `${at}: ${e.instancePath || '/'} ${e.message}`);

/**
 * What a feed breaks of the 2023-06 Contest API: each line against event-feed.json, its data against the schema
 * of its type, the event types and judgement type ids of the 2023-06 branch, and the rules the schemas cannot
 * state (singleton ids, references between objects, what a pass-fail or score board requires).
 */
export function specViolations(text: string): string[] {
  const out: string[] = [];
  const events = parseFeed(text);
  const ids = new Map<string, Set<string>>();
  const of = (type: string) => events.filter((e) => e.type === type && e.data !== null);
  for (const e of events) {
    if (e.data && typeof e.data.id === 'string') {
      ids.set(e.type, (ids.get(e.type) ?? new Set()).add(e.data.id));
    }
  }
  events.forEach((e, i) => {
    const at = `line ${i + 1} (${e.type} ${e.id ?? e.data?.id ?? ''})`;
    // the envelope's errors inside `data` repeat, for every type's schema, what the data check below says
    if (!spec.envelope(e)) {
      out.push(
        ...described(
          at,
          spec.envelope.errors?.filter((err) => !err.instancePath.startsWith('/data')),
        ),
      );
    }
    if (!spec.types.includes(e.type)) out.push(`${at}: not a 2023-06 event type`);
    const validate = spec.data(e.type);
    if (e.data !== null && validate && !validate(e.data)) out.push(...described(at, validate.errors));
    const singleton = e.type === 'contest' || e.type === 'state';
    if (singleton && e.id !== null) out.push(`${at}: id must be null`);
    if (!singleton && e.data !== null && e.id !== e.data.id) out.push(`${at}: id is not the object's id`);
  });
  const has = (type: string, id: unknown) => typeof id === 'string' && (ids.get(type)?.has(id) ?? false);
  for (const s of of('submissions')) {
    for (const [field, type] of [
      ['language_id', 'languages'],
      ['problem_id', 'problems'],
      ['team_id', 'teams'],
    ] as const) {
      if (!has(type, s.data?.[field])) out.push(`submission ${s.data?.id}: ${field} names no ${type}`);
    }
  }
  for (const j of of('judgements')) {
    if (!has('submissions', j.data?.submission_id)) out.push(`judgement ${j.data?.id}: no such submission`);
    const type = j.data?.judgement_type_id;
    if (type != null && !has('judgement-types', type))
      out.push(`judgement ${j.data?.id}: type ${type} undeclared`);
    if (type != null && !spec.judgementTypes.includes(String(type)))
      out.push(`judgement type ${type} unknown`);
  }
  const earlier = new Set<unknown>();
  for (const c of of('clarifications')) {
    for (const [field, type] of [
      ['from_team_id', 'teams'],
      ['to_team_id', 'teams'],
      ['problem_id', 'problems'],
    ] as const) {
      const value = c.data?.[field];
      if (value != null && !has(type, value))
        out.push(`clarification ${c.data?.id}: ${field} names no ${type}`);
    }
    const replyTo = c.data?.reply_to_id;
    if (replyTo != null && !earlier.has(replyTo)) {
      out.push(`clarification ${c.data?.id}: reply_to_id names no earlier clarification`);
    }
    earlier.add(c.data?.id);
  }
  for (const t of of('teams')) {
    const org = t.data?.organization_id;
    if (org != null && !has('organizations', org)) out.push(`team ${t.data?.id}: no organization ${org}`);
    for (const g of (t.data?.group_ids as unknown[] | undefined) ?? []) {
      if (!has('groups', g)) out.push(`team ${t.data?.id}: no group ${g}`);
    }
  }
  const contest = of('contest').at(-1)?.data;
  if (!contest) out.push('no contest event');
  if (contest?.scoreboard_type === 'pass-fail') {
    for (const t of of('judgement-types')) {
      if (typeof t.data?.penalty !== 'boolean') out.push(`judgement type ${t.data?.id}: no penalty`);
    }
  }
  if (contest?.scoreboard_type === 'score') {
    for (const p of of('problems'))
      if (typeof p.data?.max_score !== 'number') out.push(`problem ${p.id}: no max_score`);
    for (const j of of('judgements'))
      if (typeof j.data?.score !== 'number') out.push(`judgement ${j.id}: no score`);
  }
  return out;
}
