/*
 * cgroups.c: the box's control groups, cgroup v1 or v2, and the accounting read from them.
 *
 * A box gets its own group (v1: one per memory, pids and cpuacct hierarchy; v2: one group with
 * the memory and pids controllers), named verdict-<supervisor pid> and nested under the
 * supervisor's own group or, on v2, under a delegated base group. The groups carry the memory
 * and task limits, give the CPU counter the outer supervisor enforces the CPU limit with, the
 * peak memory, OOM kills and pids-limit hits, and let everything in the box be killed at once.
 * A persistent box keeps its groups for all runs, so each run resets the peak and reports the
 * cumulative counters as deltas against a baseline taken just before it. Groups left behind by
 * a supervisor that was SIGKILLed are swept when the next supervisor starts. Partial v1 setups
 * are not trusted: without memory and cpuacct groups the run falls back to rlimits.
 */
#include "judge-sup.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#ifndef CGROUP2_SUPER_MAGIC
#define CGROUP2_SUPER_MAGIC 0x63677270
#endif

enum cg_mode { CG_NONE, CG_V1, CG_V2 };

struct cgroups {
  enum cg_mode mode;
  char mem[PATH_MAX], pids[PATH_MAX], cpu[PATH_MAX]; /* v1: one group per hierarchy */
  char v2[PATH_MAX];
  int have_mem, have_pids, have_cpu;
  /* v2: memory.peak held open for the box's lifetime; writing to it resets the peak seen
     through this fd (kernel >= 6.12), so each run of a persistent box gets its own peak */
  int v2_peak_fd, peak_resettable;
  /* tests: the v2 "cgroup" is a plain directory of plain files (--cgroup-selftest) */
  int fake;
};

static struct cgroups cg;
static char cg_name[64];
static const char *label = "none"; /* survives cg_cleanup() for the report */

/* Directory of this process's own group in the v1 hierarchy of `controller` ("" if none). */
static int v1_own_dir(const char *controller, char *out, size_t size) {
  static char mountinfo[1 << 18];
  char self[4096];
  if (read_file("/proc/self/mountinfo", mountinfo, sizeof mountinfo) < 0) return -1;
  if (read_file("/proc/self/cgroup", self, sizeof self) < 0) return -1;
  char mnt_point[PATH_MAX] = "", mnt_root[PATH_MAX] = "";
  for (char *line = strtok(mountinfo, "\n"); line; line = strtok(NULL, "\n")) {
    char root[PATH_MAX], point[PATH_MAX], fstype[64], super[512];
    const char *sep = strstr(line, " - ");
    if (!sep) continue;
    if (sscanf(line, "%*s %*s %*s %4095s %4095s", root, point) != 2) continue;
    if (sscanf(sep + 3, "%63s %*s %511s", fstype, super) != 2) continue;
    if (strcmp(fstype, "cgroup")) continue;
    int found = 0;
    /* match the controller as a whole comma-separated token */
    char tmp[520];
    snprintf(tmp, sizeof tmp, ",%s,", super);
    char want[80];
    snprintf(want, sizeof want, ",%s,", controller);
    if (strstr(tmp, want)) found = 1;
    if (found) {
      snprintf(mnt_point, sizeof mnt_point, "%s", point);
      snprintf(mnt_root, sizeof mnt_root, "%s", root);
      break;
    }
  }
  if (!mnt_point[0]) return -1;
  for (char *line = strtok(self, "\n"); line; line = strtok(NULL, "\n")) {
    char *c1 = strchr(line, ':');
    if (!c1) continue;
    char *c2 = strchr(c1 + 1, ':');
    if (!c2) continue;
    *c2 = 0;
    char ctrls[256];
    snprintf(ctrls, sizeof ctrls, ",%s,", c1 + 1);
    char want[80];
    snprintf(want, sizeof want, ",%s,", controller);
    if (!strstr(ctrls, want)) continue;
    const char *path = c2 + 1;
    size_t rl = strlen(mnt_root);
    if (strcmp(mnt_root, "/") && strncmp(path, mnt_root, rl) == 0) path += rl;
    if (!strcmp(path, "/")) path = "";
    snprintf(out, size, "%s%s", mnt_point, path);
    return 0;
  }
  return -1;
}

static int v2_own_dir(char *out, size_t size) {
  char self[4096];
  if (read_file("/proc/self/cgroup", self, sizeof self) < 0) return -1;
  for (char *line = strtok(self, "\n"); line; line = strtok(NULL, "\n")) {
    if (strncmp(line, "0::", 3) == 0) {
      const char *path = line + 3;
      if (!strcmp(path, "/")) path = "";
      snprintf(out, size, "/sys/fs/cgroup%s", path);
      return 0;
    }
  }
  return -1;
}

static int cg_is_empty_dir(const char *dir) {
  char path[PATH_MAX + 32], buf[64];
  snprintf(path, sizeof path, "%s/cgroup.procs", dir);
  ssize_t n = read_file(path, buf, sizeof buf);
  return n <= 0;
}

/* SIGKILL every task of one group; returns how many were signalled. */
static int cg_kill_dir(const char *dir) {
  char path[PATH_MAX + 32];
  snprintf(path, sizeof path, "%s/cgroup.procs", dir);
  FILE *f = fopen(path, "re");
  if (!f) return 0;
  int count = 0;
  long pid;
  while (fscanf(f, "%ld", &pid) == 1) {
    if (pid > 0 && kill((pid_t)pid, SIGKILL) == 0) count++;
  }
  fclose(f);
  return count;
}

/* Kill everything in a group, wait until it is empty, remove it. */
static void cg_destroy_dir(const char *dir, int is_v2) {
  if (!dir[0]) return;
  char path[PATH_MAX + 32];
  if (is_v2) {
    snprintf(path, sizeof path, "%s/cgroup.kill", dir);
    write_file(path, "1");
  }
  if (cg.fake) {
    /* a fake group holds real files; a real cgroupfs refuses to unlink its interface files */
    static const char *files[] = {"cgroup.kill", "cgroup.procs", "memory.max", "memory.swap.max", "pids.max",
                                  "memory.peak", "memory.events", "cpu.stat", "pids.events", NULL};
    for (int i = 0; files[i]; i++) {
      snprintf(path, sizeof path, "%s/%s", dir, files[i]);
      unlink(path);
    }
  }
  for (int i = 0; i < 500; i++) {
    cg_kill_dir(dir);
    reap_all();
    if (rmdir(dir) == 0 || errno == ENOENT) return;
    sleep_ms(2);
  }
  diag("could not remove cgroup %s: %s", dir, strerror(errno));
}

/* Groups of supervisors that died without cleaning up (e.g. SIGKILLed) are removed here. */
static void cg_sweep(const char *base, int is_v2) {
  DIR *d = opendir(base);
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d))) {
    int pid;
    char extra;
    if (sscanf(e->d_name, "verdict-%d%c", &pid, &extra) != 1) continue;
    if (pid <= 0 || pid == getpid()) continue;
    if (kill(pid, 0) == 0 || errno != ESRCH) continue;
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s/%s", base, e->d_name);
    cg_destroy_dir(dir, is_v2);
  }
  closedir(d);
}

static int mkgroup(const char *base, char *out, size_t size) {
  int n = snprintf(out, size, "%s/%s", base, cg_name);
  if (n < 0 || (size_t)n >= size) errno = ENAMETOOLONG;
  if (n < 0 || (size_t)n >= size || (mkdir(out, 0755) < 0 && errno != EEXIST)) {
    out[0] = 0;
    return -1;
  }
  return 0;
}

/* v2: the box's group under `base` (the own group, --cgroup-root, or a fake directory in tests).
   0 when the group exists with its limits written. */
int cg_setup_v2(const char *base, long long mem_bytes, long long pids) {
  char path[PATH_MAX + 32], ctl[256];
  snprintf(path, sizeof path, "%s/cgroup.controllers", base);
  if (read_file(path, ctl, sizeof ctl) < 0 || !strstr(ctl, "memory") || !strstr(ctl, "pids")) {
    diag("cgroup v2 at %s lacks the memory/pids controllers", base);
    return -1;
  }
  /* Fails when the base group holds processes (the v2 "no internal processes" rule): then
     the judge must run in a delegated group, given with --cgroup-root. */
  snprintf(path, sizeof path, "%s/cgroup.subtree_control", base);
  if (write_file(path, "+memory +pids") < 0) {
    diag("cannot enable memory/pids under %s: %s", base, strerror(errno));
    return -1;
  }
  cg_sweep(base, 1);
  if (mkgroup(base, cg.v2, sizeof cg.v2) < 0) {
    diag("mkdir %s/%s: %s", base, cg_name, strerror(errno));
    return -1;
  }
  char num[32];
  if (mem_bytes > 0) {
    snprintf(num, sizeof num, "%lld", mem_bytes);
    snprintf(path, sizeof path, "%s/memory.max", cg.v2);
    if (write_file(path, num) < 0) diag("memory.max: %s", strerror(errno));
    snprintf(path, sizeof path, "%s/memory.swap.max", cg.v2);
    write_file(path, "0");
  }
  if (pids > 0) {
    snprintf(num, sizeof num, "%lld", pids);
    snprintf(path, sizeof path, "%s/pids.max", cg.v2);
    if (write_file(path, num) < 0) diag("pids.max: %s", strerror(errno));
  }
  snprintf(path, sizeof path, "%s/memory.peak", cg.v2);
  cg.v2_peak_fd = open(path, O_RDWR | O_CLOEXEC);
  cg.peak_resettable = cg.v2_peak_fd >= 0;
  if (cg.v2_peak_fd < 0) cg.v2_peak_fd = open(path, O_RDONLY | O_CLOEXEC); /* kernel < 6.12 */
  cg.mode = CG_V2;
  label = "v2";
  cg.have_mem = cg.have_pids = cg.have_cpu = 1;
  return 0;
}

void cg_setup(long long mem_bytes, long long pids, const char *v2_root) {
  memset(&cg, 0, sizeof cg);
  cg.v2_peak_fd = -1;
  snprintf(cg_name, sizeof cg_name, "verdict-%d", (int)getpid());
  struct statfs sf;
  char base[PATH_MAX];
  if (statfs("/sys/fs/cgroup", &sf) == 0 && sf.f_type == CGROUP2_SUPER_MAGIC) {
    if (v2_root && v2_root[0]) snprintf(base, sizeof base, "%s", v2_root);
    else if (v2_own_dir(base, sizeof base) < 0) return;
    cg_setup_v2(base, mem_bytes, pids);
    return;
  }

  char path[PATH_MAX + 64], num[32];
  if (v1_own_dir("memory", base, sizeof base) == 0) {
    cg_sweep(base, 0);
    if (mkgroup(base, cg.mem, sizeof cg.mem) == 0) {
      cg.have_mem = 1;
      if (mem_bytes > 0) {
        snprintf(num, sizeof num, "%lld", mem_bytes);
        /* limit before memsw: the kernel refuses a memsw limit below the plain limit */
        snprintf(path, sizeof path, "%s/memory.limit_in_bytes", cg.mem);
        if (write_file(path, num) < 0) {
          diag("memory.limit_in_bytes: %s", strerror(errno));
          cg.have_mem = 0;
        }
        snprintf(path, sizeof path, "%s/memory.memsw.limit_in_bytes", cg.mem);
        write_file(path, num);
      }
      snprintf(path, sizeof path, "%s/memory.swappiness", cg.mem);
      write_file(path, "0");
    }
  }
  if (v1_own_dir("pids", base, sizeof base) == 0) {
    cg_sweep(base, 0);
    if (mkgroup(base, cg.pids, sizeof cg.pids) == 0) {
      cg.have_pids = 1;
      if (pids > 0) {
        snprintf(num, sizeof num, "%lld", pids);
        snprintf(path, sizeof path, "%s/pids.max", cg.pids);
        if (write_file(path, num) < 0) {
          diag("pids.max: %s", strerror(errno));
          cg.have_pids = 0;
        }
      }
    }
  }
  if (v1_own_dir("cpuacct", base, sizeof base) == 0) {
    cg_sweep(base, 0);
    if (mkgroup(base, cg.cpu, sizeof cg.cpu) == 0) cg.have_cpu = 1;
  }
  if (cg.have_mem && cg.have_cpu) {
    cg.mode = CG_V1;
    label = "v1";
  } else {
    /* Partial v1 is not trusted: without the memory and CPU groups the limits would be wrong. */
    cg_destroy_dir(cg.mem, 0);
    cg_destroy_dir(cg.pids, 0);
    cg_destroy_dir(cg.cpu, 0);
    memset(&cg, 0, sizeof cg);
  }
}

int cg_join(void) {
  char path[PATH_MAX + 32];
  if (cg.mode == CG_V2) {
    snprintf(path, sizeof path, "%s/cgroup.procs", cg.v2);
    return write_file(path, "0");
  }
  if (cg.mode == CG_V1) {
    const char *dirs[] = {cg.mem, cg.pids, cg.cpu};
    for (int i = 0; i < 3; i++) {
      if (!dirs[i][0]) continue;
      snprintf(path, sizeof path, "%s/cgroup.procs", dirs[i]);
      if (write_file(path, "0") < 0) return -1;
    }
  }
  return 0;
}

/* CPU time of the whole group in microseconds, -1 if unknown. */
long long cg_cpu_us(void) {
  char path[PATH_MAX + 32];
  if (cg.mode == CG_V2) {
    snprintf(path, sizeof path, "%s/cpu.stat", cg.v2);
    return read_keyed(path, "usage_usec");
  }
  if (cg.mode == CG_V1 && cg.have_cpu) {
    snprintf(path, sizeof path, "%s/cpuacct.usage", cg.cpu);
    long long ns = read_number(path);
    return ns < 0 ? -1 : ns / 1000;
  }
  return -1;
}

void cg_kill_all(void) {
  if (cg.mode == CG_V2) {
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/cgroup.kill", cg.v2);
    if (write_file(path, "1") < 0) cg_kill_dir(cg.v2);
  } else if (cg.mode == CG_V1) {
    cg_kill_dir(cg.mem);
    cg_kill_dir(cg.pids);
    cg_kill_dir(cg.cpu);
  }
}

int cg_all_empty(void) {
  if (cg.mode == CG_V2) return cg_is_empty_dir(cg.v2);
  if (cg.mode == CG_V1)
    return (!cg.mem[0] || cg_is_empty_dir(cg.mem)) && (!cg.pids[0] || cg_is_empty_dir(cg.pids)) &&
           (!cg.cpu[0] || cg_is_empty_dir(cg.cpu));
  return 1;
}

static long long v2_peak(void) {
  char buf[64];
  ssize_t n = pread(cg.v2_peak_fd, buf, sizeof buf - 1, 0);
  if (n <= 0) return -1;
  buf[n] = 0;
  if (strncmp(buf, "max", 3) == 0) return LLONG_MAX;
  return atoll(buf);
}

struct cg_stats cg_read_stats(void) {
  struct cg_stats s = CG_STATS_NONE;
  char path[PATH_MAX + 32];
  s.cpu_us = cg_cpu_us();
  s.cpu_ms = s.cpu_us < 0 ? -1 : s.cpu_us / 1000;
  if (cg.mode == CG_V2) {
    if (cg.v2_peak_fd >= 0) s.peak_bytes = v2_peak();
    snprintf(path, sizeof path, "%s/memory.events", cg.v2);
    s.oom_kills = read_keyed(path, "oom_kill");
    snprintf(path, sizeof path, "%s/pids.events", cg.v2);
    s.pids_max_events = read_keyed(path, "max");
  } else if (cg.mode == CG_V1) {
    snprintf(path, sizeof path, "%s/memory.max_usage_in_bytes", cg.mem);
    s.peak_bytes = read_number(path);
    snprintf(path, sizeof path, "%s/memory.oom_control", cg.mem);
    s.oom_kills = read_keyed(path, "oom_kill");
    if (cg.pids[0]) {
      snprintf(path, sizeof path, "%s/pids.events", cg.pids);
      s.pids_max_events = read_keyed(path, "max");
    }
  }
  if (s.oom_kills < 0) s.oom_kills = 0;
  if (s.pids_max_events < 0) s.pids_max_events = 0;
  return s;
}

/* Start of one run in a persistent box: the peak is reset (v1: max_usage_in_bytes accepts 0,
   v2: a write to the held memory.peak fd), and the cumulative counters (CPU, oom_kill, pids
   "max" events) are read as the baseline the run's deltas are taken from. */
struct cg_stats cg_begin_run(void) {
  char path[PATH_MAX + 48];
  if (cg.mode == CG_V1) {
    snprintf(path, sizeof path, "%s/memory.max_usage_in_bytes", cg.mem);
    write_file(path, "0");
  } else if (cg.mode == CG_V2 && cg.peak_resettable) {
    if (pwrite(cg.v2_peak_fd, "reset\n", 6, 0) != 6) cg.peak_resettable = 0;
  }
  return cg_read_stats();
}

/* What one run used: counters minus the baseline; the peak as read (reset at the start). */
struct cg_stats cg_run_stats(const struct cg_stats *base) {
  struct cg_stats s = cg_read_stats();
  if (s.cpu_us >= 0 && base->cpu_us >= 0) {
    s.cpu_us = s.cpu_us >= base->cpu_us ? s.cpu_us - base->cpu_us : 0;
    s.cpu_ms = s.cpu_us / 1000;
  }
  s.oom_kills = s.oom_kills > base->oom_kills ? s.oom_kills - base->oom_kills : 0;
  s.pids_max_events = s.pids_max_events > base->pids_max_events ? s.pids_max_events - base->pids_max_events : 0;
  return s;
}

void cg_cleanup(void) {
  if (cg.mode == CG_V2) {
    if (cg.v2_peak_fd >= 0) close(cg.v2_peak_fd);
    cg.v2_peak_fd = -1;
    cg_destroy_dir(cg.v2, 1);
  }
  if (cg.mode == CG_V1) {
    cg_destroy_dir(cg.mem, 0);
    cg_destroy_dir(cg.pids, 0);
    cg_destroy_dir(cg.cpu, 0);
  }
  cg.mode = CG_NONE;
}


/* The self-test's fake v2 group: plain files in a plain directory. */
void cg_init_fake(void) {
  memset(&cg, 0, sizeof cg);
  cg.v2_peak_fd = -1;
  cg.fake = 1;
}

void cg_set_name(const char *name) { snprintf(cg_name, sizeof cg_name, "%s", name); }

int cg_enabled(void) { return cg.mode != CG_NONE; }

/* "v1", "v2" or "none": what the last setup achieved (kept after cleanup, for the result). */
const char *cg_label(void) { return label; }

const char *cg_v2_dir(void) { return cg.v2; }

int cg_peak_resettable(void) { return cg.peak_resettable; }
