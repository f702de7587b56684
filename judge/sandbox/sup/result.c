/*
 * result.c: the JSON line an outer supervisor prints for each run — the supervisor's only output
 * the judge reads (judge/sandbox/driver.ts and persistent.ts parse it).
 *
 * It combines what the inner supervisor reported (exit status, signal, rusage, a setup failure)
 * with what the outer saw (cgroup CPU, peak memory, OOM kills, pids-limit hits, why it killed
 * the run, the wall time). The format is fixed: the same fields in the same order, with the
 * same null and boolean conventions, for one-shot runs and for every run of a persistent box
 * (which adds "boxAlive"). Output only: nothing in the supervisor reads JSON.
 */
#include "judge-sup.h"

#include <stdlib.h>
#include <string.h>

void json_string(FILE *f, const char *s) {
  fputc('"', f);
  for (; s && *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
    else if (c < 0x20) fprintf(f, "\\u%04x", c);
    else fputc(c, f);
  }
  fputc('"', f);
}

/* Prints the run's result line on stdout. cpu_limit_ms: the run's CPU limit (0: none);
   box_alive: persistent boxes only (-1: a one-shot run, not printed). Returns the exit code it
   printed (-1 for null), which a pair side also hands to the pair launcher. */
long long print_result(long long cpu_limit_ms, const struct outcome *r, const struct cg_stats *s, int box_alive) {
  const struct run_report *in = &r->report;
  long long exit_code = r->inner_ok ? in->exit_code : -1;
  long long sig = r->inner_ok ? in->signal : -1;
  long long utime = r->inner_ok ? in->utime_ms : 0;
  long long stime = r->inner_ok ? in->stime_ms : 0;
  long long maxrss = r->inner_ok ? in->maxrss_kb : 0;
  char setup[128] = "";
  if (r->inner_ok) snprintf(setup, sizeof setup, "%s", in->setup);
  if (!r->inner_ok && !r->error) sig = SIGKILL; /* hard-killed before the inner could report */
  long long cpu = s->cpu_ms;
  if (cpu < 0) cpu = utime + stime;
  const char *tle = r->tle;
  if (!tle && sig == SIGXCPU) tle = "cpu";
  if (!tle && cpu_limit_ms > 0 && cpu > cpu_limit_ms) tle = "cpu";
  long long memory = maxrss > 0 ? maxrss : (s->peak_bytes > 0 ? s->peak_bytes / 1024 : 0);

  FILE *f = stdout;
  fprintf(f, "{\"error\":");
  if (r->error) json_string(f, r->error);
  else if (setup[0]) {
    char msg[200];
    char *colon = strrchr(setup, ':');
    int err = colon ? atoi(colon + 1) : 0;
    if (colon) *colon = 0;
    snprintf(msg, sizeof msg, "sandbox setup failed at %s: %s", setup, strerror(err));
    json_string(f, msg);
  } else fprintf(f, "null");
  fprintf(f, ",\"cgroup\":\"%s\"", cg_label());
  fprintf(f, ",\"exitCode\":");
  if (exit_code >= 0) fprintf(f, "%lld", exit_code);
  else fprintf(f, "null");
  fprintf(f, ",\"signal\":");
  if (sig >= 0) fprintf(f, "%lld", sig);
  else fprintf(f, "null");
  fprintf(f, ",\"cpuMs\":%lld,\"timeMs\":%lld,\"wallMs\":%lld,\"memoryKB\":%lld,\"maxrssKB\":%lld", cpu,
          r->inner_ok ? utime + stime : cpu, r->wall_ms, memory, maxrss);
  fprintf(f, ",\"cgroupPeakKB\":%lld", s->peak_bytes > 0 ? s->peak_bytes / 1024 : 0);
  fprintf(f, ",\"oomKilled\":%s", s->oom_kills > 0 ? "true" : "false");
  fprintf(f, ",\"pidsLimitHit\":%s", s->pids_max_events > 0 ? "true" : "false");
  fprintf(f, ",\"outputLimit\":%s", sig == SIGXFSZ ? "true" : "false");
  fprintf(f, ",\"tle\":");
  if (tle) fprintf(f, "\"%s\"", tle);
  else fprintf(f, "null");
  fprintf(f, ",\"terminated\":%s,\"innerReported\":%s", r->terminated ? "true" : "false",
          r->inner_ok ? "true" : "false");
  if (box_alive >= 0) fprintf(f, ",\"boxAlive\":%s", box_alive ? "true" : "false");
  fprintf(f, "}\n");
  fflush(f);
  return exit_code;
}
