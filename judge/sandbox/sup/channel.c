/*
 * channel.c: the socket between an outer supervisor and the inner supervisor (pid 1 in bwrap).
 *
 * One SOCK_SEQPACKET socketpair per box; pid 1 holds its end at fd 6. Every message is one
 * record: a tag byte and a fixed binary payload, never text to be parsed (both ends are this
 * same binary). pid 1 says hello first; the outer end has SO_PASSCRED set, so the kernel attaches
 * the sender's pid to that record translated into the outer's pid namespace — the host pid the
 * outer needs to signal pid 1, learnt without reading anything bwrap prints. Then pid 1 sends
 * each run's report (the wait4 status and rusage as a struct), and in a persistent box a
 * request's failure and whether the box is clean again. Run requests to a persistent box go the
 * other way: NUL-separated options with the program's three stdio fds attached as SCM_RIGHTS.
 */
#include "judge-sup.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

/* sp[0]: the outer's end (receives credentials), sp[1]: pid 1's end. Both close-on-exec. */
int channel_open(int sp[2]) {
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sp) < 0) return -1;
  int on = 1;
  if (setsockopt(sp[0], SOL_SOCKET, SO_PASSCRED, &on, sizeof on) < 0) {
    close(sp[0]);
    close(sp[1]);
    return -1;
  }
  return 0;
}

void channel_send(int sock, char tag, const void *payload, size_t len) {
  struct iovec iov[2] = {{&tag, 1}, {(void *)payload, len}};
  struct msghdr msg = {.msg_iov = iov, .msg_iovlen = len ? 2 : 1};
  while (sendmsg(sock, &msg, MSG_NOSIGNAL) < 0 && errno == EINTR) {
  }
}

/* One record. 1: got one, 0: the other end is gone, -1: error (EAGAIN with MSG_DONTWAIT). */
int channel_recv(int sock, struct channel_msg *m, int flags) {
  memset(m, 0, sizeof *m);
  struct iovec iov[2] = {{&m->tag, 1}, {&m->u, sizeof m->u}};
  union {
    struct cmsghdr h;
    char space[CMSG_SPACE(sizeof(struct ucred))];
  } ctl;
  struct msghdr msg = {.msg_iov = iov, .msg_iovlen = 2, .msg_control = ctl.space, .msg_controllen = sizeof ctl.space};
  ssize_t n = recvmsg(sock, &msg, flags | MSG_CMSG_CLOEXEC);
  if (n < 0) return -1;
  if (n == 0) return 0;
  for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
    if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_CREDENTIALS) {
      struct ucred cred;
      memcpy(&cred, CMSG_DATA(c), sizeof cred);
      m->pid = cred.pid;
    }
  }
  m->len = (size_t)n - 1;
  if (m->tag == MSG_ERROR || m->tag == MSG_CLEAN) {
    if (m->len >= sizeof m->u.text) m->len = sizeof m->u.text - 1;
    m->u.text[m->len] = 0;
  }
  return 1;
}

/* A report record that is whole and from this binary's protocol. 1 ok, 0 not. */
int channel_report(const struct channel_msg *m, struct run_report *out) {
  if (m->tag != MSG_REPORT || m->len != sizeof m->u.report || m->u.report.magic != REPORT_MAGIC) return 0;
  *out = m->u.report;
  out->setup[sizeof out->setup - 1] = 0;
  return 1;
}

/* A run request to a persistent box's pid 1: the arguments and the program's stdio fds. */
int send_request(int sock, const char *buf, size_t len, const int fds[3]) {
  struct iovec iov = {(void *)buf, len};
  union {
    struct cmsghdr h;
    char space[CMSG_SPACE(3 * sizeof(int))];
  } ctl;
  memset(&ctl, 0, sizeof ctl);
  struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl.space, .msg_controllen = sizeof ctl.space};
  struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  c->cmsg_len = CMSG_LEN(3 * sizeof(int));
  memcpy(CMSG_DATA(c), fds, 3 * sizeof(int));
  for (;;) {
    ssize_t n = sendmsg(sock, &msg, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    return n == (ssize_t)len ? 0 : -1;
  }
}

/* pid 1's side: one request, NUL-separated arguments, with the program's stdio as SCM_RIGHTS. */
ssize_t recv_request(int sock, char *buf, size_t size, int fds[3]) {
  struct iovec iov = {buf, size};
  union {
    struct cmsghdr h;
    char space[CMSG_SPACE(3 * sizeof(int))];
  } ctl;
  struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl.space, .msg_controllen = sizeof ctl.space};
  fds[0] = fds[1] = fds[2] = -1;
  ssize_t n = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC);
  if (n < 0) return -1;
  for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
    if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
    size_t count = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
    int got[3];
    memcpy(got, CMSG_DATA(c), (count > 3 ? 3 : count) * sizeof(int));
    for (size_t i = 0; i < count && i < 3; i++) fds[i] = got[i];
  }
  if (msg.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) {
    for (int i = 0; i < 3; i++)
      if (fds[i] >= 0) close(fds[i]);
    errno = EMSGSIZE;
    return -1;
  }
  return n;
}
