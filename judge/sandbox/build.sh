#!/usr/bin/env bash
# Builds the judge's sandbox supervisor (and the C++ precompiled headers) into judge/sandbox/bin.
# Idempotent: each artefact is rebuilt only when its inputs are newer. Needs gcc, g++ and
# libseccomp-dev. Usage: bash judge/sandbox/build.sh [--force]
# The supervisor's sources are judge/sandbox/sup/*.c and *.h (docs/judge.md says which file does
# what); every .c there is compiled into the one binary, warnings are errors.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bin="$here/bin"
sup="$here/sup"
out="$bin/judge-sup"
sources=("$sup"/*.c)
cflags=(-O2 -std=gnu11 -Wall -Wextra -Werror)
force="${1:-}"

mkdir -p "$bin"

stale() { # stale TARGET INPUT...: true when TARGET is missing or older than an input
  local target="$1"
  shift
  [[ "$force" == "--force" || ! -e "$target" ]] && return 0
  local input
  for input in "$@"; do [[ "$input" -nt "$target" ]] && return 0; done
  return 1
}

if stale "$out" "${sources[@]}" "$sup"/*.h "$here/build.sh"; then
  if [[ ! -e /usr/include/seccomp.h ]]; then
    echo "judge-sup: libseccomp-dev is missing (apt-get install libseccomp-dev)" >&2
    exit 1
  fi
  # Static when possible: the inner supervisor is exec'd once per run, so no dynamic loading.
  # (A failed static attempt is silent; the dynamic one then shows any compiler message.)
  if ! gcc "${cflags[@]}" -static -o "$out.tmp" "${sources[@]}" -lseccomp 2>/dev/null; then
    gcc "${cflags[@]}" -o "$out.tmp" "${sources[@]}" -lseccomp
  fi
  mv -f "$out.tmp" "$out"
  echo "built $out"
fi

# Precompiled <bits/stdc++.h> per C++ standard. g++ only uses a .gch whose flags match the
# compile command, so these flags must stay identical to judge/languages.ts.
if command -v g++ >/dev/null 2>&1; then
  header="$(echo '#include <bits/stdc++.h>' | g++ -std=gnu++17 -x c++ -E -H - -o /dev/null 2>&1 |
    awk '/bits\/stdc\+\+\.h$/ && !found { print $2; found = 1 }' || true)"
  if [[ -n "$header" && -e "$header" ]]; then
    for std in gnu++14 gnu++17 gnu++20; do
      gch="$bin/pch/$std/bits/stdc++.h.gch"
      if stale "$gch" "$header" "$here/build.sh"; then
        mkdir -p "$(dirname "$gch")"
        g++ -std="$std" -O2 -pipe -DONLINE_JUDGE -x c++-header "$header" -o "$gch.tmp"
        mv -f "$gch.tmp" "$gch"
        echo "built $gch"
      fi
    done
  fi
fi
