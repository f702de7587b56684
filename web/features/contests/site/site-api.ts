import { useQuery } from '@tanstack/react-query';
import { api } from '@/web/lib/api';

export const siteKeys = {
  id: (shortName: string) => ['contest-site', shortName, 'id'] as const,
  home: (shortName: string) => ['contest-site', shortName, 'home'] as const,
  img: (shortName: string) => ['contest-site', shortName, 'img'] as const,
};

/** The contest id behind a short name (404: no such visible contest). Cached for the whole visit. */
export function useSiteContestId(shortName: string) {
  return useQuery({
    queryKey: siteKeys.id(shortName),
    queryFn: () => api.getContestHomeId({ contest: shortName }),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}

/** The landing page's fields (title, subheading, times, sponsor, organizers). */
export function useSiteContestHome(shortName: string) {
  return useQuery({
    queryKey: siteKeys.home(shortName),
    queryFn: () => api.getContestHome({ contest: shortName }),
    staleTime: 60_000,
    meta: { silent: true },
  });
}

/** The background image's address; a failure only means no image. */
export function useSiteBackground(shortName: string) {
  return useQuery({
    queryKey: siteKeys.img(shortName),
    queryFn: () => api.getContestHomeImg({ contest: shortName }),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
}
