/*
 * main.c: the supervisor's entry point — picks the role from the first argument.
 *
 * One binary plays every role so the outer supervisor can bind itself into the box as pid 1 and
 * the pair launcher can re-execute itself as the two sides; a role is chosen only by argv[1],
 * and each role then parses its whole argv through the one option table (options.c), which
 * refuses any option the role does not take. judge-sup.h lists the roles and the files that
 * implement them; docs/judge.md ("The sandbox") is the manual.
 */
#include "judge-sup.h"

#include <string.h>

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  if (!strcmp(mode, "--inner")) return inner_main(argc, argv);
  if (!strcmp(mode, "--pair")) return pair_main(argc, argv);
  if (!strcmp(mode, "--pair-side")) return outer_main(argc, argv, MODE_SIDE);
  if (!strcmp(mode, "--inner-box")) return inner_box_main(argc, argv);
  if (!strcmp(mode, "--persistent")) return box_main(argc, argv);
  if (!strcmp(mode, "--cgroup-selftest")) return selftest_main(argc, argv);
  return outer_main(argc, argv, MODE_OUTER);
}
