import { type FirstQueries, firstCall } from '@/web/app/first-data';
import { contestListOptions } from './api';
import { contestListQueryOf } from './lib/list-query';

/** The contest list's first call: the page of contests its URL names. */
export const contestListFirstQueries: FirstQueries = ({ search, api }) => [
  firstCall(contestListOptions(contestListQueryOf(search), api)),
];
