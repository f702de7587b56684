/*
 * seccomp.c: the syscall filter every program in a box runs under.
 *
 * Namespaces, the uid drop and cgroups do most of the confining; this deny filter closes what
 * they leave open: creating or entering namespaces, mounting, kernel keyrings, io_uring, ptrace,
 * BPF, perf, module and kexec loading, and the channels two boxes could use to talk through
 * inodes they share (file locks and inotify on /usr, POSIX message queues a persistent box
 * could not empty). Sockets are limited to AF_UNIX. The filter is built with libseccomp and
 * exported as BPF into a memfd that bwrap installs with --seccomp.
 */
#include "judge-sup.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <seccomp.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#ifndef CLONE_NEWCGROUP
#define CLONE_NEWCGROUP 0x02000000
#endif

/* The filter as a memfd positioned at 0 (close-on-exec), or -1. */
int build_seccomp(void) {
  scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
  if (!ctx) return -1;
  static const char *deny_eperm[] = {
      "unshare", "setns", "keyctl", "add_key", "request_key", "io_uring_setup", "io_uring_enter",
      "io_uring_register", "ptrace", "bpf", "perf_event_open", "userfaultfd", "mount", "umount2",
      "pivot_root", "chroot", "move_mount", "open_tree", "fsopen", "fsconfig", "fsmount", "fspick",
      "mount_setattr", "name_to_handle_at", "open_by_handle_at", "kexec_load", "kexec_file_load",
      "init_module", "finit_module", "delete_module", "reboot", "swapon", "swapoff", "acct", "syslog",
      "quotactl", "lookup_dcookie", "iopl", "ioperm", "vhangup", "process_vm_writev",
      /* POSIX message queues live in the IPC namespace and cannot be listed without mounting
         mqueue, so a persistent box could not empty them between runs */
      "mq_open",
      /* watching shared read-only inodes (/usr) would be a channel between boxes */
      "inotify_init", "inotify_init1", "fanotify_init", NULL};
  int rc = 0;
  for (int i = 0; deny_eperm[i]; i++) {
    int nr = seccomp_syscall_resolve_name(deny_eperm[i]);
    if (nr == __NR_SCMP_ERROR) continue;
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), nr, 0);
  }
  /* clone3 passes its flags in memory a filter cannot read: ENOSYS makes libc fall back to clone. */
  rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
  static const unsigned long ns_flags[] = {CLONE_NEWNS,  CLONE_NEWUTS, CLONE_NEWIPC,   CLONE_NEWUSER,
                                           CLONE_NEWPID, CLONE_NEWNET, CLONE_NEWCGROUP};
  for (size_t i = 0; i < sizeof ns_flags / sizeof ns_flags[0]; i++)
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1,
                           SCMP_A0(SCMP_CMP_MASKED_EQ, ns_flags[i], ns_flags[i]));
  /* File locks on inodes every box shares (/usr, /lib) would be a channel between two boxes
     (isolate blocks them too): flock and the fcntl lock commands fail with ENOLCK. */
  rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOLCK), SCMP_SYS(flock), 0);
  static const int lock_cmds[] = {F_SETLK, F_SETLKW, F_OFD_SETLK, F_OFD_SETLKW};
  for (size_t i = 0; i < sizeof lock_cmds / sizeof lock_cmds[0]; i++)
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOLCK), SCMP_SYS(fcntl), 1, SCMP_A1(SCMP_CMP_EQ, (scmp_datum_t)lock_cmds[i]));
  /* Only local (AF_UNIX) sockets: no vsock, netlink, packet or inet, even inside the net namespace. */
  rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(socket), 1, SCMP_A0(SCMP_CMP_NE, AF_UNIX));
  rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(socketpair), 1, SCMP_A0(SCMP_CMP_NE, AF_UNIX));
  if (rc) {
    seccomp_release(ctx);
    return -1;
  }
  int fd = memfd_create("judge-seccomp", MFD_CLOEXEC);
  if (fd < 0 || seccomp_export_bpf(ctx, fd) < 0 || lseek(fd, 0, SEEK_SET) < 0) {
    seccomp_release(ctx);
    if (fd >= 0) close(fd);
    return -1;
  }
  seccomp_release(ctx);
  return fd;
}
