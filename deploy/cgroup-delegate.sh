#!/bin/sh
# Starts the judge (the server with in-process workers, or `verdict judge`) so its sandbox can
# use cgroup v2 limits where it was handed a cgroup of its own: a systemd service with
# Delegate=yes, or a container with a private cgroup namespace and a writable cgroupfs.
#
# cgroup v2 lets a group either hold processes or hand controllers to child groups, not both. The
# group we were given holds us, so the sandbox could not enable memory and pids limits in it and
# would fall back to rlimits (docs/judge.md, Fallback without cgroups). So: move every process of
# the group into a child `main`, enable the controllers for the children, and give the sandbox the
# sibling `boxes` as its base (VERDICT_CGROUP_ROOT). On cgroup v1, or without
# VERDICT_CGROUP_DELEGATE=1, it changes nothing and runs the command.
#
#   deploy/cgroup-delegate.sh node --import tsx scripts/cli/main.ts judge --server URL
set -eu

if [ "${VERDICT_CGROUP_DELEGATE:-}" = 1 ] && [ -z "${VERDICT_CGROUP_ROOT:-}" ] &&
  [ "$(stat -fc %T /sys/fs/cgroup 2>/dev/null)" = cgroup2fs ]; then
  own=$(sed -n 's/^0:://p' /proc/self/cgroup)
  base="/sys/fs/cgroup${own%/}"
  if mkdir -p "$base/main" "$base/boxes" 2>/dev/null; then
    # every process of the group (a container's init too), this shell among them
    for pid in $(cat "$base/cgroup.procs"); do
      echo "$pid" >"$base/main/cgroup.procs" 2>/dev/null || true
    done
    if echo "+memory +pids" >"$base/cgroup.subtree_control" 2>/dev/null; then
      export VERDICT_CGROUP_ROOT="$base/boxes"
    else
      echo "cgroup-delegate: cannot enable the memory and pids controllers under $base; the sandbox falls back to rlimits" >&2
    fi
  else
    echo "cgroup-delegate: $base is not writable (no delegation); the sandbox falls back to rlimits" >&2
  fi
fi
exec "$@"
