/**
 * Proves the sandbox confines a program before any hostile program is run (02 and 03 come
 * after this file; the vitest config runs judge files in name order, one at a time).
 * The probe is harmless: it only looks around and reports what it could do.
 */

import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BoxRuns,
  compileAndRun,
  compileAndRunInBox,
  type DirectRun,
  leakedCgroups,
  makeProblem,
  type Problem,
  parseProbe,
  processesOfUid,
  requireSandbox,
} from './helpers';

const PROBE = String.raw`
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <mqueue.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <sys/mount.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/syscall.h>
extern char **environ;

static const char *err(int ok) { return ok ? "ok" : strerrorname_np(errno); }

static void status_line(const char *key) {
  FILE *f = fopen("/proc/self/status", "r");
  char line[256];
  while (f && fgets(line, sizeof line, f)) {
    if (strncmp(line, key, strlen(key)) == 0 && line[strlen(key)] == ':') {
      char *v = line + strlen(key) + 1;
      while (*v == ' ' || *v == '\t') v++;
      v[strcspn(v, "\n")] = 0;
      printf("%s=%s\n", key, v);
    }
  }
  if (f) fclose(f);
}

int main(int argc, char **argv) {
  printf("pid=%d\n", (int)getpid());
  printf("uid=%d\ngid=%d\neuid=%d\n", (int)getuid(), (int)getgid(), (int)geteuid());
  int procs = 0;
  DIR *d = opendir("/proc");
  struct dirent *e;
  while (d && (e = readdir(d))) if (atoi(e->d_name) > 0) procs++;
  printf("procs=%d\n", procs);
  printf("shadow=%s\n", err(open("/etc/shadow", O_RDONLY) >= 0));
  printf("passwd=%s\n", err(open("/etc/passwd", O_RDONLY) >= 0));
  printf("root_home=%s\n", err(opendir("/root") != NULL));
  printf("data_dir=%s\n", err(opendir(argv[1]) != NULL));
  printf("data_file=%s\n", err(open(argv[2], O_RDONLY) >= 0));
  printf("proc1_environ=%s\n", err(open("/proc/1/environ", O_RDONLY) >= 0));
  printf("write_usr=%s\n", err(open("/usr/verdict-probe", O_WRONLY | O_CREAT, 0644) >= 0));
  printf("write_box=%s\n", err(open("/w/verdict-probe", O_WRONLY | O_CREAT, 0644) >= 0));
  printf("write_tmp=%s\n", err(open("/tmp/verdict-probe", O_WRONLY | O_CREAT, 0644) >= 0));
  int n = 0;
  for (char **p = environ; *p; p++) {
    printf("env%d=%.*s\n", n++, (int)strcspn(*p, "="), *p);
  }
  printf("envcount=%d\n", n);
  status_line("CapEff");
  status_line("CapPrm");
  status_line("CapBnd");
  status_line("NoNewPrivs");
  status_line("Seccomp");
  printf("unshare_user=%s\n", err(unshare(CLONE_NEWUSER) == 0));
  printf("unshare_net=%s\n", err(unshare(CLONE_NEWNET) == 0));
  printf("keyctl=%s\n", err(syscall(SYS_keyctl, 0 /* KEYCTL_GET_KEYRING_ID */, -3, 0) >= 0));
  long k = syscall(SYS_add_key, "user", "verdict", "x", 1, -2);
  printf("add_key=%s\n", err(k >= 0));
  long u = syscall(SYS_io_uring_setup, 4, calloc(1, 120));
  printf("io_uring=%s\n", err(u >= 0));
  printf("vsock=%s\n", err(socket(40 /* AF_VSOCK */, SOCK_STREAM, 0) >= 0));
  printf("ptrace=%s\n", err(ptrace(PTRACE_TRACEME, 0, 0, 0) == 0));
  printf("mount=%s\n", err(mount("none", "/tmp", "tmpfs", 0, NULL) == 0));
  printf("unix_socket=%s\n", err(socket(AF_UNIX, SOCK_STREAM, 0) >= 0));
  printf("mq_open=%s\n", err(mq_open("/verdict", O_CREAT | O_RDWR, 0600, NULL) != (mqd_t)-1));
  int shared = open("/usr/bin/true", O_RDONLY);
  printf("flock=%s\n", err(flock(shared, LOCK_SH | LOCK_NB) == 0));
  struct flock fl = {.l_type = F_RDLCK, .l_whence = SEEK_SET};
  printf("fcntl_lock=%s\n", err(fcntl(shared, F_SETLK, &fl) == 0));
  printf("ofd_lock=%s\n", err(fcntl(shared, F_OFD_SETLK, &fl) == 0));
  printf("inotify=%s\n", err(inotify_init1(0) >= 0));
  printf("shm_dir=%s\n", err(open("/dev/shm/verdict", O_WRONLY | O_CREAT, 0600) >= 0));
  int s = socket(AF_INET, SOCK_STREAM, 0);
  printf("inet_socket=%s\n", err(s >= 0));
  struct sockaddr_in addr = {0};
  addr.sin_family = AF_INET;
  addr.sin_port = htons((unsigned short)atoi(argv[3]));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  printf("connect=%s\n", s >= 0 ? err(connect(s, (struct sockaddr *)&addr, sizeof addr) == 0) : "no-socket");
  char host[64] = "";
  gethostname(host, sizeof host);
  printf("hostname=%s\n", host);
  return 0;
}
`;

/** What every confined run of the probe shows (one-shot sandbox and persistent box alike). */
function expectConfined(seen: Record<string, string>, uid: number, connections: number): void {
  // its own pid namespace with no host processes: only the inner supervisor (pid 1) and itself
  expect(Number(seen.procs)).toBeLessThanOrEqual(2);
  expect(seen.hostname).toBe('box');
  expect(Number(seen.uid)).toBe(uid);
  expect(Number(seen.euid)).toBe(uid);
  expect(Number(seen.gid)).toBe(uid);
  expect(uid).toBeGreaterThanOrEqual(60000);
  expect(seen.inet_socket).not.toBe('ok');
  expect(seen.connect).not.toBe('ok');
  expect(connections).toBe(0);
  expect(seen.shadow).toBe('ENOENT');
  expect(seen.passwd).toBe('ENOENT');
  expect(seen.root_home).toBe('ENOENT');
  expect(seen.data_dir).toBe('ENOENT');
  expect(seen.data_file).toBe('ENOENT');
  expect(seen.proc1_environ).toBe('EACCES');
  expect(seen.write_usr).toBe('EROFS');
  expect(seen.write_box).toBe('EROFS');
  expect(seen.write_tmp).toBe('ok');
  const names = Object.entries(seen)
    .filter(([k]) => /^env\d+$/.test(k))
    .map(([, v]) => v)
    .sort();
  expect(names).toEqual(['HOME', 'PATH']);
  expect(seen.CapEff).toBe('0000000000000000');
  expect(seen.CapPrm).toBe('0000000000000000');
  expect(seen.CapBnd).toBe('0000000000000000');
  expect(seen.NoNewPrivs).toBe('1');
  expect(seen.Seccomp).toBe('2');
  expect(seen.unshare_user).toBe('EPERM');
  expect(seen.mount).toBe('EPERM');
  expect(seen.mq_open).toBe('EPERM');
  expect(seen.flock).toBe('ENOLCK');
}

describe('sandbox confinement (harmless probe)', () => {
  let server: Server;
  let port = 0;
  let connections = 0;
  let data: Problem;
  let probe: DirectRun;
  let seen: Record<string, string>;

  beforeAll(async () => {
    requireSandbox();
    data = await makeProblem([['1 2\n', '3\n']]);
    server = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    port = (server.address() as AddressInfo).port;
    probe = await compileAndRun('C', PROBE, {
      args: [data.dir, data.cases[0].inputPath, String(port)],
    });
    seen = parseProbe(probe.stdout);
  });

  afterAll(async () => {
    server?.close();
    await data?.cleanup();
  });

  it('ran the probe to completion', () => {
    expect(probe.run.error).toBeNull();
    expect(probe.run.exitCode).toBe(0);
    expect(probe.run.cgroup).not.toBe('none');
  });

  it('passes every check a confined run must pass', () => {
    expectConfined(seen, probe.box.uid, connections);
  });

  it('gives the program its own pid namespace with no host processes', () => {
    expect(Number(seen.pid)).toBeLessThanOrEqual(3);
    // only the inner supervisor (pid 1) and the probe itself
    expect(Number(seen.procs)).toBeLessThanOrEqual(3);
    expect(seen.hostname).toBe('box');
  });

  it('runs the program as the box uid, not root', () => {
    expect(Number(seen.uid)).toBe(probe.box.uid);
    expect(Number(seen.euid)).toBe(probe.box.uid);
    expect(Number(seen.gid)).toBe(probe.box.uid);
    expect(probe.box.uid).toBeGreaterThanOrEqual(60000);
  });

  it('has no network: a host listener on 127.0.0.1 is unreachable', () => {
    expect(seen.inet_socket).not.toBe('ok');
    expect(seen.connect).not.toBe('ok');
    expect(connections).toBe(0);
  });

  it('cannot read host files, the test data, or the supervisor environment', () => {
    expect(seen.shadow).toBe('ENOENT');
    expect(seen.passwd).toBe('ENOENT');
    expect(seen.root_home).toBe('ENOENT');
    expect(seen.data_dir).toBe('ENOENT');
    expect(seen.data_file).toBe('ENOENT');
    expect(seen.proc1_environ).toBe('EACCES');
  });

  it('cannot write the system or the box; /tmp is private and writable', () => {
    expect(seen.write_usr).toBe('EROFS');
    expect(seen.write_box).toBe('EROFS');
    expect(seen.write_tmp).toBe('ok');
  });

  it('sees only PATH and HOME in its environment', () => {
    const names = Object.entries(seen)
      .filter(([k]) => /^env\d+$/.test(k))
      .map(([, v]) => v)
      .sort();
    expect(names).toEqual(['HOME', 'PATH']);
  });

  it('holds no capabilities and cannot gain privileges', () => {
    expect(seen.CapEff).toBe('0000000000000000');
    expect(seen.CapPrm).toBe('0000000000000000');
    expect(seen.CapBnd).toBe('0000000000000000');
    expect(seen.NoNewPrivs).toBe('1');
    expect(seen.Seccomp).toBe('2');
  });

  it('is denied namespaces, keyrings, io_uring, vsock, ptrace and mount by seccomp', () => {
    expect(seen.unshare_user).toBe('EPERM');
    expect(seen.unshare_net).toBe('EPERM');
    expect(seen.add_key).toBe('EPERM');
    expect(seen.keyctl).toBe('EPERM');
    expect(seen.io_uring).toBe('EPERM');
    expect(seen.vsock).toBe('EACCES');
    expect(seen.ptrace).toBe('EPERM');
    expect(seen.mount).toBe('EPERM');
    // local sockets stay usable (some runtimes need them)
    expect(seen.unix_socket).toBe('ok');
  });

  it('is denied channels a persistent box could not empty or two boxes could share', () => {
    // POSIX message queues cannot be listed (so not removed) between runs
    expect(seen.mq_open).toBe('EPERM');
    // locks and watches on inodes every box sees (/usr) would connect two boxes
    expect(seen.flock).toBe('ENOLCK');
    expect(seen.fcntl_lock).toBe('ENOLCK');
    expect(seen.ofd_lock).toBe('ENOLCK');
    expect(seen.inotify).toBe('EPERM');
    // the private /dev has a root-owned /dev/shm
    expect(seen.shm_dir).toBe('EACCES');
  });
});

describe('persistent box confinement (harmless probe, two runs in one box)', () => {
  let server: Server;
  let connections = 0;
  let data: Problem;
  let boxed: BoxRuns;

  beforeAll(async () => {
    requireSandbox();
    data = await makeProblem([['1 2\n', '3\n']]);
    server = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    const port = String((server.address() as AddressInfo).port);
    const args = [data.dir, data.cases[0].inputPath, port];
    boxed = await compileAndRunInBox('C', PROBE, [args, args]);
  });

  afterAll(async () => {
    server?.close();
    await data?.cleanup();
  });

  it('ran the probe twice in the same box, with cgroups', () => {
    expect(boxed.sandbox.started).toBe(1);
    for (const run of boxed.runs) {
      expect(run.error).toBeNull();
      expect(run.exitCode).toBe(0);
      expect(run.cgroup).not.toBe('none');
      expect(run.boxAlive).toBe(true);
    }
    // one pid namespace for both runs: the second program got a later pid
    const [first, second] = boxed.stdouts.map(parseProbe);
    expect(Number(first.pid)).toBe(2);
    expect(Number(second.pid)).toBeGreaterThan(2);
  });

  it('confines both runs exactly as a one-shot sandbox does', () => {
    for (const stdout of boxed.stdouts) expectConfined(parseProbe(stdout), boxed.box.uid, connections);
  });

  it('leaves no process of the box uid once the box is closed', () => {
    expect(processesOfUid(boxed.box.uid)).toEqual([]);
    expect(leakedCgroups()).toEqual([]);
  });
});
