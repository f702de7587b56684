/*
 * selftest.c: a test harness for the cgroup v2 code, run against a fake cgroup directory.
 *
 *   judge-sup --cgroup-selftest   (commands on stdin, one JSON line answered per command)
 *
 * Hosts with cgroup v2 controllers are not always at hand, so the v2 file handling of
 * cgroups.c — creating the group and writing its limits, resetting the peak through the held
 * memory.peak fd, reading the counters as per-run deltas, killing and removing the group — is
 * driven here against a directory of plain files that the test writes like a kernel would
 * (tests/judge/00-cgroup-v2.test.ts). Commands:
 *   setup BASE NAME MEM_BYTES PIDS   create BASE/NAME and write the limits
 *   begin                            start of a run: reset the peak, read the baselines
 *   end                              the run's usage (deltas, peak)
 *   destroy                          kill and remove the group
 */
#include "judge-sup.h"

#include <string.h>

int selftest_main(int argc, char **argv) {
  prog = "judge-sup(cgroup-selftest)";
  struct sup_opts o;
  opts_defaults(MODE_SELFTEST, &o);
  if (parse_options(MODE_SELFTEST, argc - 1, argv + 1, &o) < 0 || o.n_rest > 0) {
    diag("usage: --cgroup-selftest (commands on stdin)");
    return 2;
  }
  cg_init_fake();
  struct cg_stats base = CG_STATS_NONE;
  char line[PATH_MAX * 2];
  setvbuf(stdout, NULL, _IOLBF, 0);
  while (fgets(line, sizeof line, stdin)) {
    char cmd[32], dir[PATH_MAX], name[64];
    long long mem = 0, pids = 0;
    if (sscanf(line, "%31s", cmd) != 1) continue;
    if (!strcmp(cmd, "setup") && sscanf(line, "%*s %4095s %63s %lld %lld", dir, name, &mem, &pids) == 4) {
      cg_set_name(name);
      int ok = cg_setup_v2(dir, mem, pids) == 0;
      printf("{\"ok\":%s,\"group\":", ok ? "true" : "false");
      json_string(stdout, cg_v2_dir());
      printf(",\"peakResettable\":%s}\n", cg_peak_resettable() ? "true" : "false");
    } else if (!strcmp(cmd, "begin")) {
      base = cg_begin_run();
      printf("{\"ok\":true,\"cpuUs\":%lld,\"oomKills\":%lld,\"pidsMax\":%lld,\"peakResettable\":%s}\n", base.cpu_us,
             base.oom_kills, base.pids_max_events, cg_peak_resettable() ? "true" : "false");
    } else if (!strcmp(cmd, "end")) {
      struct cg_stats s = cg_run_stats(&base);
      printf("{\"ok\":true,\"cpuMs\":%lld,\"cpuUs\":%lld,\"peakBytes\":%lld,\"oomKills\":%lld,\"pidsMax\":%lld}\n",
             s.cpu_ms, s.cpu_us, s.peak_bytes, s.oom_kills, s.pids_max_events);
    } else if (!strcmp(cmd, "destroy")) {
      cg_cleanup();
      printf("{\"ok\":true}\n");
    } else {
      printf("{\"ok\":false,\"error\":\"unknown command\"}\n");
    }
  }
  return 0;
}
