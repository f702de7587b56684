/*
 * testlib.h — Verdict's own implementation of the testlib API.
 *
 * Checkers, interactors, validators and generators written against Codeforces' testlib
 * (registerTestlibCmd, inf/ouf/ans, quitf(_ok, ...), rnd.next(...)) compile against this header
 * and behave as testlib documents: the same exit codes (0 ok, 1 wrong answer, 2 wrong output
 * format, 3 FAIL, 7 points), the same message prefixes on stderr, non-strict token reading in
 * checkers and interactors, strict whitespace in validators. It was written for the Verdict online
 * judge from testlib's documented behaviour and contains no code of testlib itself. What it covers
 * and what it leaves out: README.md beside this file.
 *
 * C++17, header-only, one translation unit (as testlib). Random sequences of `rnd` are
 * deterministic for given arguments but differ from those of Codeforces' testlib.
 */
#ifndef VERDICT_TESTLIB_H
#define VERDICT_TESTLIB_H

#define VERDICT_TESTLIB 1

#include <algorithm>
#include <array>
#include <bitset>
#include <cctype>
#include <cerrno>
#include <cinttypes>
#include <climits>
#include <cmath>
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <deque>
#include <fstream>
#include <functional>
#include <iomanip>
#include <iostream>
#include <iterator>
#include <limits>
#include <map>
#include <memory>
#include <numeric>
#include <queue>
#include <set>
#include <sstream>
#include <stack>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

/* Exit codes (testlib's defaults on Linux; each may be defined before the include). */
#ifndef OK_EXIT_CODE
#define OK_EXIT_CODE 0
#endif
#ifndef WA_EXIT_CODE
#define WA_EXIT_CODE 1
#endif
#ifndef PE_EXIT_CODE
#define PE_EXIT_CODE 2
#endif
#ifndef FAIL_EXIT_CODE
#define FAIL_EXIT_CODE 3
#endif
#ifndef DIRT_EXIT_CODE
#define DIRT_EXIT_CODE 4
#endif
#ifndef POINTS_EXIT_CODE
#define POINTS_EXIT_CODE 7
#endif
#ifndef UNEXPECTED_EOF_EXIT_CODE
#define UNEXPECTED_EOF_EXIT_CODE 8
#endif
/* _pc(x) exits with PC_BASE_EXIT_CODE + x. 50 (as testsys) keeps _pc(1).._pc(7) clear of the
   codes above; the judge reads "partially correct (x)" from stderr for such exits. */
#ifndef PC_BASE_EXIT_CODE
#define PC_BASE_EXIT_CODE 50
#endif

#if defined(__GNUC__) || defined(__clang__)
#define VERDICT_TESTLIB_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define VERDICT_TESTLIB_PRINTF(fmt, args)
#endif

#if defined(_MSC_VER)
#define VERDICT_TESTLIB_GETC(f) _getc_nolock(f)
#elif defined(__unix__) || defined(__unix) || defined(__APPLE__)
#define VERDICT_TESTLIB_GETC(f) getc_unlocked(f)
#else
#define VERDICT_TESTLIB_GETC(f) std::getc(f)
#endif

/* Outcomes. A fixed underlying type keeps _pc(x) a valid value for any x. */
enum TResult : int {
  _ok = 0,
  _wa = 1,
  _pe = 2,
  _fail = 3,
  _dirt = 4,
  _points = 5,
  _unexpected_eof = 8,
  _partially = 16
};
#define _pc(exitCode) (TResult(_partially + (exitCode)))

enum TMode { _input, _output, _answer };
enum TTestlibMode { _unknown, _checker, _validator, _generator, _interactor, _scorer };

inline TTestlibMode testlibMode = _unknown;

/* Some public checkers name std::string and std::vector unqualified without a using-directive. */
using std::string;
using std::vector;

/* ---------------------------------------------------------------------------------------------
 * Internals (not part of the API)
 * ------------------------------------------------------------------------------------------- */
namespace verdict_testlib {

inline bool isBlank(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

inline std::string vformat(const char *fmt, va_list ap) {
  if (fmt == nullptr) return std::string();
  va_list copy;
  va_copy(copy, ap);
  char small[512];
  int n = std::vsnprintf(small, sizeof small, fmt, copy);
  va_end(copy);
  if (n < 0) return std::string();
  if (static_cast<size_t>(n) < sizeof small) return std::string(small, static_cast<size_t>(n));
  std::string out(static_cast<size_t>(n) + 1, '\0');
  std::vsnprintf(&out[0], out.size(), fmt, ap);
  out.resize(static_cast<size_t>(n));
  return out;
}

/* A long token shortened for messages: its head and tail. */
inline std::string part(const std::string &s) {
  if (s.size() <= 64) return s;
  return s.substr(0, 30) + "..." + s.substr(s.size() - 31);
}

inline std::string trim(const std::string &s) {
  size_t b = 0, e = s.size();
  while (b < e && isBlank(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && isBlank(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

inline std::string appendMessage(const std::string &message, const std::string &extra) {
  if (extra.empty()) return message;
  if (message.empty()) return "(" + extra + ")";
  return message + " (" + extra + ")";
}

template <typename T>
std::string toText(const T &value) {
  if constexpr (std::is_integral<T>::value && !std::is_same<T, bool>::value &&
                !std::is_same<T, char>::value && !std::is_same<T, signed char>::value &&
                !std::is_same<T, unsigned char>::value) {
    return std::to_string(value);
  } else {
    std::ostringstream ss;
    ss << value;
    return ss.str();
  }
}

/* "12.500000" -> "12.5", "3.000" -> "3" */
inline std::string stripZeroes(std::string s) {
  if (s.find('.') == std::string::npos) return s;
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  if (s.empty() || s == "-") s = "0";
  if (s == "-0") s = "0";
  return s;
}

const int NO_INDEX = INT_MAX;

struct State {
  std::string resultName; /* report file (argv[4] of a checker) */
  std::string programName;
  std::string testset;
  std::string group;
  bool quitting = false;
  bool readEofDone = false;
  bool hasTestCase = false;
  int testCase = -1;
  std::vector<std::string> args; /* argv[1..] */
  std::map<std::string, std::string> opts;
  std::set<std::string> usedOpts;
};
inline State state;

[[noreturn]] inline void finish(TResult result, std::string message, bool inExitHandler);
[[noreturn]] inline void fail(const std::string &message);

/* n <= 0, without comparing an unsigned value with 0 */
template <typename T>
bool nonPositive(T n) {
  if constexpr (std::is_signed<T>::value)
    return n <= T(0);
  else
    return n == T(0);
}

}  // namespace verdict_testlib

#define VERDICT_TESTLIB_VA(fmt, out)                   \
  std::string out;                                     \
  do {                                                 \
    va_list verdict_ap_;                               \
    va_start(verdict_ap_, fmt);                        \
    out = ::verdict_testlib::vformat(fmt, verdict_ap_); \
    va_end(verdict_ap_);                               \
  } while (0)

/* ---------------------------------------------------------------------------------------------
 * String helpers of the API
 * ------------------------------------------------------------------------------------------- */
VERDICT_TESTLIB_PRINTF(1, 2) inline std::string format(const char *fmt, ...) {
  VERDICT_TESTLIB_VA(fmt, out);
  return out;
}

template <typename T>
std::string vtos(const T &t) {
  return verdict_testlib::toText(t);
}

inline std::string englishEnding(int x) {
  x %= 100;
  if (x < 0) x = -x;
  if (x / 10 == 1) return "th";
  if (x % 10 == 1) return "st";
  if (x % 10 == 2) return "nd";
  if (x % 10 == 3) return "rd";
  return "th";
}

inline std::string upperCase(std::string s) {
  for (char &c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

inline std::string lowerCase(std::string s) {
  for (char &c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

inline std::string compress(const std::string &s) { return verdict_testlib::part(s); }
inline std::string __testlib_part(const std::string &s) { return verdict_testlib::part(s); }

/* Without leading and trailing spaces, tabs, CRs and LFs. */
inline std::string trim(const std::string &s) { return verdict_testlib::trim(s); }

inline std::string removeDoubleTrailingZeroes(std::string value) {
  return verdict_testlib::stripZeroes(std::move(value));
}

/* Splits at every separator (empty items kept). */
inline std::vector<std::string> split(const std::string &s, char separator) {
  std::vector<std::string> out;
  std::string item;
  for (char c : s) {
    if (c == separator) {
      out.push_back(item);
      item.clear();
    } else {
      item += c;
    }
  }
  out.push_back(item);
  return out;
}

inline std::vector<std::string> split(const std::string &s, const std::string &separators) {
  std::vector<std::string> out;
  std::string item;
  for (char c : s) {
    if (separators.find(c) != std::string::npos) {
      out.push_back(item);
      item.clear();
    } else {
      item += c;
    }
  }
  out.push_back(item);
  return out;
}

/* Splits at separators, dropping empty items. */
inline std::vector<std::string> tokenize(const std::string &s, char separator) {
  std::vector<std::string> out;
  for (std::string &item : split(s, separator))
    if (!item.empty()) out.push_back(item);
  return out;
}

inline std::vector<std::string> tokenize(const std::string &s, const std::string &separators) {
  std::vector<std::string> out;
  for (std::string &item : split(s, separators))
    if (!item.empty()) out.push_back(item);
  return out;
}

template <typename It>
std::string join(It first, It last, const std::string &separator = " ") {
  std::ostringstream ss;
  bool head = true;
  for (; first != last; ++first) {
    if (!head) ss << separator;
    head = false;
    ss << *first;
  }
  return ss.str();
}

template <typename Collection>
std::string join(const Collection &collection, const std::string &separator = " ") {
  return join(collection.begin(), collection.end(), separator);
}

/* true when result is within MAX_DOUBLE_ERROR of expected, absolutely or relatively. NaN
   matches only NaN, an infinity only the same infinity. */
inline bool doubleCompare(double expected, double result, double MAX_DOUBLE_ERROR) {
  const double eps = MAX_DOUBLE_ERROR + 1e-15;
  if (std::isnan(expected)) return std::isnan(result);
  if (std::isinf(expected)) return std::isinf(result) && (expected > 0) == (result > 0);
  if (std::isnan(result) || std::isinf(result)) return false;
  if (std::fabs(result - expected) <= eps) return true;
  const double a = expected * (1.0 - eps), b = expected * (1.0 + eps);
  const double lo = std::min(a, b), hi = std::max(a, b);
  return result + 1e-15 >= lo && result <= hi + 1e-15;
}

inline bool compareDoubles(double expected, double result, double MAX_DOUBLE_ERROR) {
  return doubleCompare(expected, result, MAX_DOUBLE_ERROR);
}

/* The smaller of the absolute and the relative difference. */
inline double doubleDelta(double expected, double result) {
  const double absolute = std::fabs(result - expected);
  if (std::fabs(expected) > 1e-9) return std::min(absolute, std::fabs(absolute / expected));
  return absolute;
}

/* ---------------------------------------------------------------------------------------------
 * Patterns: [a-z] classes (ranges, ^ negation, \ escapes), {n} {n,m} {n,} ? * + repetition,
 * | alternatives, ( ) groups. A token matches when the whole token matches.
 * ------------------------------------------------------------------------------------------- */
class random_t;

class pattern {
 public:
  pattern() { parse(); }
  pattern(std::string s) : src_(std::move(s)) { parse(); }

  std::string src() const { return src_; }
  bool matches(const std::string &s) const;
  std::string next(random_t &rnd) const;

 private:
  struct Item {
    int node;
    long long from;
    long long to; /* < 0: unbounded */
  };
  struct Node {
    bool isSet = false;
    std::bitset<256> chars;
    std::string members; /* characters a generator may pick */
    std::vector<std::vector<Item>> alts;
  };
  /* sorted, distinct positions in the string being matched */
  typedef std::vector<int> Positions;
  struct Context {
    const std::string &s;
    std::vector<std::vector<int>> runs; /* per character-class node: run[p] of matching characters from p */
  };

  std::string src_;
  std::vector<Node> nodes_;
  int root_ = 0;

  [[noreturn]] void bad(const std::string &what) const {
    verdict_testlib::fail("pattern \"" + src_ + "\": " + what);
  }

  void parse() {
    size_t pos = 0;
    root_ = parseAlternatives(pos, 0);
    if (pos != src_.size()) bad("unmatched ')'");
  }

  int parseAlternatives(size_t &pos, int depth) {
    Node node;
    node.alts.emplace_back();
    while (pos < src_.size()) {
      const char c = src_[pos];
      if (c == '|') {
        ++pos;
        node.alts.emplace_back();
        continue;
      }
      if (c == ')') {
        if (depth == 0) bad("unmatched ')'");
        break;
      }
      Item item = parseAtom(pos, depth);
      parseCounts(pos, item);
      node.alts.back().push_back(item);
    }
    nodes_.push_back(node);
    return static_cast<int>(nodes_.size()) - 1;
  }

  unsigned char literal(size_t &pos) {
    if (src_[pos] == '\\') {
      ++pos;
      if (pos >= src_.size()) bad("'\\' at the end");
    }
    return static_cast<unsigned char>(src_[pos++]);
  }

  Item parseAtom(size_t &pos, int depth) {
    const char c = src_[pos];
    if (c == '(') {
      ++pos;
      const int group = parseAlternatives(pos, depth + 1);
      if (pos >= src_.size() || src_[pos] != ')') bad("missing ')'");
      ++pos;
      return Item{group, 1, 1};
    }
    if (c == '{' || c == '?' || c == '*' || c == '+') bad(std::string("nothing to repeat before '") + c + "'");
    Node node;
    node.isSet = true;
    if (c == '[') {
      ++pos;
      bool negate = false;
      if (pos < src_.size() && src_[pos] == '^') {
        negate = true;
        ++pos;
      }
      for (;;) {
        if (pos >= src_.size()) bad("missing ']'");
        if (src_[pos] == ']') {
          ++pos;
          break;
        }
        const unsigned char a = literal(pos);
        if (pos + 1 < src_.size() && src_[pos] == '-' && src_[pos + 1] != ']') {
          ++pos;
          const unsigned char b = literal(pos);
          if (b < a) bad("bad range in a character class");
          for (int x = a; x <= b; ++x) node.chars.set(static_cast<size_t>(x));
        } else {
          node.chars.set(a);
        }
      }
      if (negate) node.chars.flip();
      if (node.chars.none()) bad("empty character class");
    } else {
      node.chars.set(literal(pos));
    }
    for (int x = 0; x < 256; ++x) {
      /* a negated class generates printable characters only */
      if (node.chars.test(static_cast<size_t>(x)) && (node.chars.count() < 200 || (x > 32 && x < 127)))
        node.members += static_cast<char>(x);
    }
    nodes_.push_back(node);
    return Item{static_cast<int>(nodes_.size()) - 1, 1, 1};
  }

  long long number(size_t &pos) {
    long long v = 0;
    size_t digits = 0;
    while (pos < src_.size() && std::isdigit(static_cast<unsigned char>(src_[pos]))) {
      v = v * 10 + (src_[pos++] - '0');
      if (++digits > 9) bad("repetition count too large");
    }
    return digits == 0 ? -1 : v;
  }

  void parseCounts(size_t &pos, Item &item) {
    if (pos >= src_.size()) return;
    const char c = src_[pos];
    if (c == '?') {
      ++pos;
      item.from = 0;
      item.to = 1;
    } else if (c == '*') {
      ++pos;
      item.from = 0;
      item.to = -1;
    } else if (c == '+') {
      ++pos;
      item.from = 1;
      item.to = -1;
    } else if (c == '{') {
      ++pos;
      const long long a = number(pos);
      long long b = a;
      if (pos < src_.size() && src_[pos] == ',') {
        ++pos;
        b = number(pos); /* {n,} unbounded */
      }
      if (pos >= src_.size() || src_[pos] != '}') bad("malformed {n,m}");
      ++pos;
      item.from = a < 0 ? 0 : a;
      item.to = b;
      if (a < 0 && b < 0) bad("empty {}");
      if (item.to >= 0 && item.to < item.from) bad("{n,m} with m < n");
    }
  }

  const std::vector<int> &runOf(int nodeIndex, Context &ctx) const {
    std::vector<int> &run = ctx.runs[static_cast<size_t>(nodeIndex)];
    if (run.empty()) {
      const Node &node = nodes_[static_cast<size_t>(nodeIndex)];
      const size_t n = ctx.s.size();
      run.assign(n + 1, 0);
      for (size_t p = n; p-- > 0;)
        run[p] = node.chars.test(static_cast<unsigned char>(ctx.s[p])) ? run[p + 1] + 1 : 0;
    }
    return run;
  }

  Positions stepGroup(const Node &node, const Positions &in, Context &ctx) const {
    Positions out;
    for (const std::vector<Item> &alt : node.alts) {
      Positions cur = in;
      for (const Item &item : alt) {
        cur = step(item, cur, ctx);
        if (cur.empty()) break;
      }
      if (cur.empty()) continue;
      Positions merged;
      merged.reserve(out.size() + cur.size());
      std::set_union(out.begin(), out.end(), cur.begin(), cur.end(), std::back_inserter(merged));
      out.swap(merged);
    }
    return out;
  }

  /* Every position reachable by matching `item` from a position in `in`. */
  Positions step(const Item &item, const Positions &in, Context &ctx) const {
    const Node &node = nodes_[static_cast<size_t>(item.node)];
    Positions out;
    if (node.isSet) {
      const std::vector<int> &run = runOf(item.node, ctx);
      long long emitted = -1;
      for (int p : in) {
        long long hi = run[static_cast<size_t>(p)];
        if (item.to >= 0 && item.to < hi) hi = item.to;
        if (item.from > hi) continue;
        long long a = p + item.from;
        const long long b = p + hi;
        if (a <= emitted) a = emitted + 1;
        for (long long q = a; q <= b; ++q) out.push_back(static_cast<int>(q));
        if (b > emitted) emitted = b;
      }
      return out;
    }
    /* exactly `from` repetitions first, level by level */
    Positions cur = in;
    for (long long k = 0; k < item.from; ++k) {
      Positions next = stepGroup(node, cur, ctx);
      if (next.empty()) return next;
      if (next == cur) break; /* every further level is the same */
      cur.swap(next);
    }
    /* then up to `to` repetitions: breadth first, each position expanded once */
    std::vector<char> seen(ctx.s.size() + 1, 0);
    for (int p : cur) seen[static_cast<size_t>(p)] = 1;
    out = cur;
    Positions frontier = cur;
    for (long long depth = item.from; !frontier.empty() && (item.to < 0 || depth < item.to); ++depth) {
      Positions fresh;
      for (int p : stepGroup(node, frontier, ctx)) {
        if (seen[static_cast<size_t>(p)]) continue;
        seen[static_cast<size_t>(p)] = 1;
        fresh.push_back(p);
        out.push_back(p);
      }
      frontier.swap(fresh);
    }
    std::sort(out.begin(), out.end());
    return out;
  }

  void generate(const Item &item, random_t &rnd, std::string &out) const;
};

/* ---------------------------------------------------------------------------------------------
 * Random numbers for generators: xoshiro256** seeded through splitmix64. Deterministic for the
 * same arguments; the sequences differ from Codeforces' testlib.
 * ------------------------------------------------------------------------------------------- */
class random_t {
 public:
  random_t() { setSeed(0x7665726469637421LL); }

  void setSeed(long long seed) {
    std::uint64_t x = static_cast<std::uint64_t>(seed);
    for (std::uint64_t &w : s_) w = splitmix(x);
  }

  void setSeed(int argc, char *argv[]) {
    std::uint64_t h = 1469598103934665603ULL;
    for (int i = 1; i < argc; ++i) {
      for (const char *p = argv[i]; *p; ++p) {
        h ^= static_cast<unsigned char>(*p);
        h *= 1099511628211ULL;
      }
      h ^= 0x100;
      h *= 1099511628211ULL;
    }
    setSeed(static_cast<long long>(h));
  }

  /* 64 random bits. */
  std::uint64_t nextBits() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  /* Uniform in [0, n); n == 0 means [0, 2^64). */
  std::uint64_t below(std::uint64_t n) {
    if (n == 0) return nextBits();
    const std::uint64_t threshold = (0 - n) % n;
    for (;;) {
      const std::uint64_t r = nextBits();
      if (r >= threshold) return r % n;
    }
  }

  int next(int n) { return nextBelow(n, "int n"); }
  unsigned int next(unsigned int n) { return nextBelow(n, "unsigned int n"); }
  long next(long n) { return nextBelow(n, "long n"); }
  unsigned long next(unsigned long n) { return nextBelow(n, "unsigned long n"); }
  long long next(long long n) { return nextBelow(n, "long long n"); }
  unsigned long long next(unsigned long long n) { return nextBelow(n, "unsigned long long n"); }

  int next(int from, int to) { return nextRange(from, to); }
  unsigned int next(unsigned int from, unsigned int to) { return nextRange(from, to); }
  long next(long from, long to) { return nextRange(from, to); }
  unsigned long next(unsigned long from, unsigned long to) { return nextRange(from, to); }
  long long next(long long from, long long to) { return nextRange(from, to); }
  unsigned long long next(unsigned long long from, unsigned long long to) { return nextRange(from, to); }

  /* Uniform in [0, 1). */
  double next() { return static_cast<double>(nextBits() >> 11) * (1.0 / 9007199254740992.0); }
  double next(double n) {
    if (!(n > 0)) verdict_testlib::fail("random_t::next(double n): n must be positive");
    return n * next();
  }
  double next(double from, double to) {
    if (!(from <= to)) verdict_testlib::fail("random_t::next(double from, double to): from can't be greater than to");
    return from + (to - from) * next();
  }

  /* A random string matching the pattern. */
  std::string next(const std::string &ptrn);
  /* printf-style format, then a random string matching the resulting pattern. */
  VERDICT_TESTLIB_PRINTF(2, 3) std::string next(const char *format, ...);

  /* Weighted: type > 0 is the maximum of type + 1 uniform picks, type < 0 the minimum of
     -type + 1 picks, 0 uniform. */
  int wnext(int n, int type) { return wBelow(n, type, "int n"); }
  unsigned int wnext(unsigned int n, int type) { return wBelow(n, type, "unsigned int n"); }
  long wnext(long n, int type) { return wBelow(n, type, "long n"); }
  unsigned long wnext(unsigned long n, int type) { return wBelow(n, type, "unsigned long n"); }
  long long wnext(long long n, int type) { return wBelow(n, type, "long long n"); }
  unsigned long long wnext(unsigned long long n, int type) { return wBelow(n, type, "unsigned long long n"); }
  double wnext(double n, int type) {
    if (!(n > 0)) verdict_testlib::fail("random_t::wnext(double n, int type): n must be positive");
    return n * wunit(type);
  }

  int wnext(int from, int to, int type) { return wRange(from, to, type); }
  unsigned int wnext(unsigned int from, unsigned int to, int type) { return wRange(from, to, type); }
  long wnext(long from, long to, int type) { return wRange(from, to, type); }
  unsigned long wnext(unsigned long from, unsigned long to, int type) { return wRange(from, to, type); }
  long long wnext(long long from, long long to, int type) { return wRange(from, to, type); }
  unsigned long long wnext(unsigned long long from, unsigned long long to, int type) {
    return wRange(from, to, type);
  }
  double wnext(double from, double to, int type) {
    if (!(from <= to)) verdict_testlib::fail("random_t::wnext(double from, double to, int type): from can't be greater than to");
    return from + (to - from) * wunit(type);
  }

  template <typename Container>
  typename Container::value_type any(const Container &c) {
    const auto size = static_cast<std::uint64_t>(std::distance(c.begin(), c.end()));
    if (size == 0) verdict_testlib::fail("random_t::any(const Container& c): c.size() must be positive");
    auto it = c.begin();
    std::advance(it, static_cast<std::ptrdiff_t>(below(size)));
    return *it;
  }

  template <typename Iter>
  typename std::iterator_traits<Iter>::value_type any(const Iter &begin, const Iter &end) {
    const auto size = std::distance(begin, end);
    if (size <= 0) verdict_testlib::fail("random_t::any(const Iter& begin, const Iter& end): range must have positive length");
    Iter it = begin;
    std::advance(it, static_cast<std::ptrdiff_t>(below(static_cast<std::uint64_t>(size))));
    return *it;
  }

  template <typename Container>
  typename Container::value_type wany(const Container &c, int type) {
    const auto size = static_cast<std::uint64_t>(std::distance(c.begin(), c.end()));
    if (size == 0) verdict_testlib::fail("random_t::wany(const Container& c, int type): c.size() must be positive");
    auto it = c.begin();
    std::advance(it, static_cast<std::ptrdiff_t>(wbelow(size, type)));
    return *it;
  }

  template <typename Iter>
  typename std::iterator_traits<Iter>::value_type wany(const Iter &begin, const Iter &end, int type) {
    const auto size = std::distance(begin, end);
    if (size <= 0) verdict_testlib::fail("random_t::wany(const Iter& begin, const Iter& end, int type): range must have positive length");
    Iter it = begin;
    std::advance(it, static_cast<std::ptrdiff_t>(wbelow(static_cast<std::uint64_t>(size), type)));
    return *it;
  }

  /* A random permutation of first, first + 1, ..., first + size - 1. */
  template <typename T, typename E>
  std::vector<E> perm(T size, E first) {
    if constexpr (std::is_signed<T>::value)
      if (size < 0) verdict_testlib::fail("random_t::perm(T size, E first): size must be non-negative");
    std::vector<E> p(static_cast<size_t>(size));
    for (size_t i = 0; i < p.size(); ++i) p[i] = static_cast<E>(first + static_cast<E>(i));
    shuffleRange(p.begin(), p.end());
    return p;
  }

  template <typename T>
  std::vector<T> perm(T size) {
    return perm(size, T(0));
  }

  /* size distinct values of [from, to] in random order. */
  template <typename T>
  std::vector<T> distinct(int size, T from, T to) {
    static_assert(std::is_integral<T>::value, "random_t::distinct needs an integral type");
    typedef typename std::make_unsigned<T>::type U;
    if (size < 0) verdict_testlib::fail("random_t::distinct(int size, T from, T to): size must be non-negative");
    if (size == 0) return std::vector<T>();
    if (from > to) verdict_testlib::fail("random_t::distinct(int size, T from, T to): from can't be greater than to");
    const std::uint64_t n = static_cast<std::uint64_t>(static_cast<U>(static_cast<U>(to) - static_cast<U>(from))) + 1;
    if (n != 0 && static_cast<std::uint64_t>(size) > n)
      verdict_testlib::fail("random_t::distinct(int size, T from, T to): size must be at most to - from + 1");
    const auto at = [from](std::uint64_t offset) {
      return static_cast<T>(static_cast<U>(static_cast<U>(from) + static_cast<U>(offset)));
    };
    std::vector<T> out;
    out.reserve(static_cast<size_t>(size));
    if (n != 0 && n <= 4 * static_cast<std::uint64_t>(size) + 64) {
      std::vector<std::uint64_t> all(static_cast<size_t>(n));
      std::iota(all.begin(), all.end(), std::uint64_t(0));
      for (size_t i = 0; i < static_cast<size_t>(size); ++i) {
        const size_t j = i + static_cast<size_t>(below(n - i));
        std::swap(all[i], all[j]);
        out.push_back(at(all[i]));
      }
      return out;
    }
    std::unordered_set<std::uint64_t> seen;
    while (out.size() < static_cast<size_t>(size)) {
      const std::uint64_t v = below(n);
      if (seen.insert(v).second) out.push_back(at(v));
    }
    return out;
  }

  template <typename T>
  std::vector<T> distinct(int size, T upper) {
    if (verdict_testlib::nonPositive(upper)) verdict_testlib::fail("random_t::distinct(int size, T upper): upper must be positive");
    return distinct(size, T(0), T(upper - 1));
  }

  /* size parts, each at least min_part, adding up to sum; every such composition equally likely. */
  template <typename T>
  std::vector<T> partition(int size, T sum, T min_part = 1) {
    static_assert(std::is_integral<T>::value, "random_t::partition needs an integral type");
    if (size < 0) verdict_testlib::fail("random_t::partition(int size, T sum, T min_part): size must be non-negative");
    if (size == 0) {
      if (sum != 0) verdict_testlib::fail("random_t::partition(int size, T sum, T min_part): size is 0 but sum is not");
      return std::vector<T>();
    }
    const long long rest = static_cast<long long>(sum) - static_cast<long long>(min_part) * size;
    if (rest < 0) verdict_testlib::fail("random_t::partition(int size, T sum, T min_part): sum must be at least size * min_part");
    std::vector<T> out;
    out.reserve(static_cast<size_t>(size));
    if (size == 1) {
      out.push_back(sum);
      return out;
    }
    std::vector<long long> bars = distinct(size - 1, 0LL, rest + size - 2);
    std::sort(bars.begin(), bars.end());
    long long prev = -1;
    for (long long bar : bars) {
      out.push_back(static_cast<T>(bar - prev - 1 + min_part));
      prev = bar;
    }
    out.push_back(static_cast<T>(rest + size - 1 - prev - 1 + min_part));
    return out;
  }

  template <typename Iter>
  void shuffleRange(Iter first, Iter last) {
    const auto n = std::distance(first, last);
    for (auto i = n - 1; i > 0; --i)
      std::iter_swap(first + i, first + static_cast<decltype(i)>(below(static_cast<std::uint64_t>(i) + 1)));
  }

 private:
  std::uint64_t s_[4] = {0, 0, 0, 0};

  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  static std::uint64_t splitmix(std::uint64_t &x) {
    std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  template <typename T>
  T nextBelow(T n, const char *what) {
    if (verdict_testlib::nonPositive(n)) verdict_testlib::fail(std::string("random_t::next(") + what + "): n must be positive");
    return static_cast<T>(below(static_cast<std::uint64_t>(n)));
  }

  template <typename T>
  T nextRange(T from, T to) {
    typedef typename std::make_unsigned<T>::type U;
    if (from > to) verdict_testlib::fail("random_t::next(T from, T to): from can't be greater than to");
    const std::uint64_t span = static_cast<std::uint64_t>(static_cast<U>(static_cast<U>(to) - static_cast<U>(from))) + 1;
    return static_cast<T>(static_cast<U>(static_cast<U>(from) + static_cast<U>(below(span))));
  }

  double wunit(int type) {
    if (type == 0) return next();
    if (type > 0 && type < 25) {
      double r = next();
      for (int i = 0; i < type; ++i) r = std::max(r, next());
      return r;
    }
    if (type < 0 && type > -25) {
      double r = next();
      for (int i = 0; i < -type; ++i) r = std::min(r, next());
      return r;
    }
    if (type > 0) return std::pow(next(), 1.0 / (type + 1));
    return 1.0 - std::pow(next(), 1.0 / (-static_cast<double>(type) + 1));
  }

  std::uint64_t wbelow(std::uint64_t n, int type) {
    if (type == 0) return below(n);
    if (type > -25 && type < 25) {
      std::uint64_t r = below(n);
      for (int i = 0; i < type; ++i) r = std::max(r, below(n));
      for (int i = 0; i < -type; ++i) r = std::min(r, below(n));
      return r;
    }
    const double span = n == 0 ? 18446744073709551616.0 : static_cast<double>(n);
    double x = std::floor(wunit(type) * span);
    if (x < 0) x = 0;
    if (x >= span) x = span - 1;
    std::uint64_t r = x >= 18446744073709551615.0 ? ~std::uint64_t(0) : static_cast<std::uint64_t>(x);
    if (n != 0 && r >= n) r = n - 1;
    return r;
  }

  template <typename T>
  T wBelow(T n, int type, const char *what) {
    if (verdict_testlib::nonPositive(n)) verdict_testlib::fail(std::string("random_t::wnext(") + what + ", int type): n must be positive");
    return static_cast<T>(wbelow(static_cast<std::uint64_t>(n), type));
  }

  template <typename T>
  T wRange(T from, T to, int type) {
    typedef typename std::make_unsigned<T>::type U;
    if (from > to) verdict_testlib::fail("random_t::wnext(T from, T to, int type): from can't be greater than to");
    const std::uint64_t span = static_cast<std::uint64_t>(static_cast<U>(static_cast<U>(to) - static_cast<U>(from))) + 1;
    return static_cast<T>(static_cast<U>(static_cast<U>(from) + static_cast<U>(wbelow(span, type))));
  }
};

inline random_t rnd;
typedef pattern pattern_t;

inline bool pattern::matches(const std::string &s) const {
  if (s.size() > static_cast<size_t>(INT_MAX - 1)) return false;
  Context ctx{s, std::vector<std::vector<int>>(nodes_.size())};
  const Positions end = step(Item{root_, 1, 1}, Positions(1, 0), ctx);
  return !end.empty() && end.back() == static_cast<int>(s.size());
}

inline void pattern::generate(const Item &item, random_t &rnd_, std::string &out) const {
  if (item.to < 0) bad("can't generate from an unbounded repetition (*, +, {n,})");
  const long long count = rnd_.next(item.from, item.to);
  const Node &node = nodes_[static_cast<size_t>(item.node)];
  for (long long k = 0; k < count; ++k) {
    if (node.isSet) {
      if (node.members.empty()) bad("no character to generate");
      out += node.members[static_cast<size_t>(rnd_.below(node.members.size()))];
    } else {
      const std::vector<Item> &alt = node.alts[static_cast<size_t>(rnd_.below(node.alts.size()))];
      for (const Item &sub : alt) generate(sub, rnd_, out);
    }
  }
}

inline std::string pattern::next(random_t &rnd_) const {
  std::string out;
  generate(Item{root_, 1, 1}, rnd_, out);
  return out;
}

inline std::string random_t::next(const std::string &ptrn) { return pattern(ptrn).next(*this); }

inline std::string random_t::next(const char *format, ...) {
  VERDICT_TESTLIB_VA(format, ptrn);
  return next(ptrn);
}

/* Shuffles a random-access range with rnd. */
template <typename Iter>
void shuffle(Iter first, Iter last) {
  rnd.shuffleRange(first, last);
}

namespace verdict_testlib {
/* Compiled patterns by source, so that reading many tokens against one pattern parses it once. */
inline const pattern &cachedPattern(const std::string &src) {
  static std::map<std::string, pattern> cache;
  auto it = cache.find(src);
  if (it != cache.end()) return it->second;
  if (cache.size() > 256) cache.clear();
  return cache.emplace(src, pattern(src)).first->second;
}
}  // namespace verdict_testlib

/* ---------------------------------------------------------------------------------------------
 * Input streams
 * ------------------------------------------------------------------------------------------- */
class InStream {
 public:
  InStream() = default;
  /* A stream over `content`, reading like `baseStream` (its mode, name and strictness). */
  InStream(const InStream &baseStream, std::string content)
      : name(baseStream.name),
        mode(baseStream.mode),
        opened(true),
        strict(baseStream.strict),
        content_(std::move(content)),
        fromString_(true) {}
  InStream(const InStream &) = delete;
  InStream &operator=(const InStream &) = delete;
  ~InStream() { close(); }

  std::string name;
  TMode mode = _input;
  bool opened = false;
  bool stdfile = false;
  bool strict = false;
  int wordReserveSize = 4;
  std::string _tmpReadToken;
  int readManyIteration = verdict_testlib::NO_INDEX;
  size_t maxFileSize = 128 * 1024 * 1024;
  size_t maxTokenLength = 32 * 1024 * 1024;
  size_t maxMessageLength = 32000;

  void init(std::string fileName, TMode streamMode) {
    close();
    name = fileName;
    mode = streamMode;
    line_ = 1;
    file_ = std::fopen(fileName.c_str(), "rb");
    if (file_ == nullptr) {
      if (mode == _output) quits(_pe, "Output file not found: \"" + fileName + "\"");
      quits(_fail, "File not found: \"" + fileName + "\"");
    }
    buffer_.reset(new char[1 << 16]);
    std::setvbuf(file_, buffer_.get(), _IOFBF, 1 << 16);
    ownsFile_ = true;
    opened = true;
    stdfile = false;
  }

  void init(std::FILE *f, TMode streamMode) {
    close();
    name = f == stdin ? "stdin" : f == stdout ? "stdout" : f == stderr ? "stderr" : "file";
    mode = streamMode;
    line_ = 1;
    file_ = f;
    ownsFile_ = false;
    opened = f != nullptr;
    stdfile = true;
  }

  void close() {
    if (file_ != nullptr && ownsFile_) std::fclose(file_);
    file_ = nullptr;
    ownsFile_ = false;
    opened = false;
    back_.clear();
  }

  /* Characters */
  char curChar() { return static_cast<char>(peekc()); }
  char nextChar() { return static_cast<char>(getc_()); }
  void skipChar() { getc_(); }
  void unreadChar(char c) { ungetc_(static_cast<unsigned char>(c)); }

  char readChar() {
    lastLine_ = line_;
    const int c = getc_();
    if (c == EOF) quit(_unexpected_eof, "Unexpected end of file - char expected");
    return static_cast<char>(c);
  }

  char readChar(char c) {
    lastLine_ = line_;
    const int found = getc_();
    if (found == EOF)
      quit(_unexpected_eof, ("Unexpected end of file - '" + std::string(1, c) + "' expected").c_str());
    if (found != static_cast<unsigned char>(c)) {
      ungetc_(found);
      quit(_pe, ("Unexpected character " + describeChar(found) + ", but " + describeChar(static_cast<unsigned char>(c)) +
                 " expected")
                    .c_str());
    }
    return c;
  }

  char readSpace() { return readChar(' '); }

  void skipBlanks() {
    for (;;) {
      const int c = getc_();
      if (c == EOF) return;
      if (!verdict_testlib::isBlank(c)) {
        ungetc_(c);
        return;
      }
    }
  }

  /* End of file. Non-strict streams that were never opened are always at their end. */
  bool eof() {
    if (!strict && !opened) return true;
    return peekc() == EOF;
  }

  /* Skips whitespace, then eof(). */
  bool seekEof() {
    if (!strict && !opened) return true;
    skipBlanks();
    return eof();
  }

  /* At a line end (consumed if so). Non-strict: LF, CR LF, or the end of the file. Strict: LF. */
  bool eoln() {
    if (!strict && !opened) return true;
    const int c = getc_();
    if (c == '\n') return true;
    if (strict) {
      ungetc_(c);
      return false;
    }
    if (c == EOF) return true;
    if (c == '\r') {
      const int d = getc_();
      if (d == '\n') return true;
      ungetc_(d);
    }
    ungetc_(c);
    return false;
  }

  /* Skips spaces and tabs, then eoln(). */
  bool seekEoln() {
    if (!strict && !opened) return true;
    for (;;) {
      const int c = getc_();
      if (c != ' ' && c != '\t') {
        ungetc_(c);
        break;
      }
    }
    return eoln();
  }

  /* Moves past the next line end. */
  void nextLine() {
    for (;;) {
      const int c = getc_();
      if (c == EOF || c == '\n') return;
    }
  }

  void readEoln() {
    lastLine_ = line_;
    if (!eoln()) quit(_pe, "Expected EOLN");
  }

  void readEof() {
    lastLine_ = line_;
    if (!eof()) quit(_pe, "Expected EOF");
    verdict_testlib::state.readEofDone = true;
  }

  /* Tokens (maximal runs of characters other than space, tab, CR, LF) */
  std::string readWord() {
    readTokenTo(_tmpReadToken);
    return _tmpReadToken;
  }
  std::string readToken() { return readWord(); }
  std::string readWord(const std::string &ptrn, const std::string &variableName = "") {
    readWordTo(_tmpReadToken, ptrn, variableName);
    return _tmpReadToken;
  }
  std::string readToken(const std::string &ptrn, const std::string &variableName = "") {
    return readWord(ptrn, variableName);
  }
  std::string readWord(const pattern &p, const std::string &variableName = "") {
    readWordTo(_tmpReadToken, p, variableName);
    return _tmpReadToken;
  }
  std::string readToken(const pattern &p, const std::string &variableName = "") { return readWord(p, variableName); }

  void readWordTo(std::string &result) { readRaw(result, "token"); }
  void readTokenTo(std::string &result) { readRaw(result, "token"); }
  void readWordTo(std::string &result, const pattern &p, const std::string &variableName = "") {
    readRaw(result, "token");
    checkPattern(result, p, variableName, "Token");
  }
  void readWordTo(std::string &result, const std::string &ptrn, const std::string &variableName = "") {
    readWordTo(result, verdict_testlib::cachedPattern(ptrn), variableName);
  }
  void readTokenTo(std::string &result, const pattern &p, const std::string &variableName = "") {
    readWordTo(result, p, variableName);
  }
  void readTokenTo(std::string &result, const std::string &ptrn, const std::string &variableName = "") {
    readWordTo(result, ptrn, variableName);
  }

  std::vector<std::string> readWords(int size, const std::string &ptrn, const std::string &variablesName = "",
                                     int indexBase = 1) {
    return readMany<std::string>(size, indexBase, true, [&]() { return readWord(ptrn, variablesName); });
  }
  std::vector<std::string> readWords(int size, const pattern &p, const std::string &variablesName = "",
                                     int indexBase = 1) {
    return readMany<std::string>(size, indexBase, true, [&]() { return readWord(p, variablesName); });
  }
  std::vector<std::string> readWords(int size, int indexBase = 1) {
    return readMany<std::string>(size, indexBase, true, [&]() { return readWord(); });
  }
  std::vector<std::string> readTokens(int size, const std::string &ptrn, const std::string &variablesName = "",
                                      int indexBase = 1) {
    return readWords(size, ptrn, variablesName, indexBase);
  }
  std::vector<std::string> readTokens(int size, const pattern &p, const std::string &variablesName = "",
                                      int indexBase = 1) {
    return readWords(size, p, variablesName, indexBase);
  }
  std::vector<std::string> readTokens(int size, int indexBase = 1) { return readWords(size, indexBase); }

  /* Integers: an optional '-' and digits, no '+', no leading zeros, no "-0". */
  int readInt() {
    readRaw(_tmpReadToken, "int32");
    const long long v = parseSigned(_tmpReadToken);
    if (v < INT_MIN || v > INT_MAX) quit(_pe, ("Expected int32, but \"" + verdict_testlib::part(_tmpReadToken) + "\" found").c_str());
    return static_cast<int>(v);
  }
  int readInteger() { return readInt(); }
  int readInt(int minv, int maxv, const std::string &variableName = "") {
    const int v = readInt();
    checkRange(v, minv, maxv, variableName, "Integer");
    return v;
  }
  int readInteger(int minv, int maxv, const std::string &variableName = "") { return readInt(minv, maxv, variableName); }

  long long readLong() {
    readRaw(_tmpReadToken, "int64");
    return parseSigned(_tmpReadToken);
  }
  long long readLong(long long minv, long long maxv, const std::string &variableName = "") {
    const long long v = readLong();
    checkRange(v, minv, maxv, variableName, "Integer");
    return v;
  }

  unsigned long long readUnsignedLong() {
    readRaw(_tmpReadToken, "unsigned int64");
    return parseUnsigned(_tmpReadToken);
  }
  unsigned long long readUnsignedLong(unsigned long long minv, unsigned long long maxv,
                                      const std::string &variableName = "") {
    const unsigned long long v = readUnsignedLong();
    checkRange(v, minv, maxv, variableName, "Unsigned integer");
    return v;
  }

  std::vector<int> readInts(int size, int minv, int maxv, const std::string &variablesName = "", int indexBase = 1) {
    return readMany<int>(size, indexBase, true, [&]() { return readInt(minv, maxv, variablesName); });
  }
  std::vector<int> readInts(int size, int indexBase = 1) {
    return readMany<int>(size, indexBase, true, [&]() { return readInt(); });
  }
  std::vector<int> readIntegers(int size, int minv, int maxv, const std::string &variablesName = "",
                                int indexBase = 1) {
    return readInts(size, minv, maxv, variablesName, indexBase);
  }
  std::vector<int> readIntegers(int size, int indexBase = 1) { return readInts(size, indexBase); }
  std::vector<long long> readLongs(int size, long long minv, long long maxv, const std::string &variablesName = "",
                                   int indexBase = 1) {
    return readMany<long long>(size, indexBase, true, [&]() { return readLong(minv, maxv, variablesName); });
  }
  std::vector<long long> readLongs(int size, int indexBase = 1) {
    return readMany<long long>(size, indexBase, true, [&]() { return readLong(); });
  }
  std::vector<unsigned long long> readUnsignedLongs(int size, unsigned long long minv, unsigned long long maxv,
                                                    const std::string &variablesName = "", int indexBase = 1) {
    return readMany<unsigned long long>(size, indexBase, true,
                                        [&]() { return readUnsignedLong(minv, maxv, variablesName); });
  }
  std::vector<unsigned long long> readUnsignedLongs(int size, int indexBase = 1) {
    return readMany<unsigned long long>(size, indexBase, true, [&]() { return readUnsignedLong(); });
  }

  /* Reals: decimal or exponent notation. */
  double readReal() {
    readRaw(_tmpReadToken, "double");
    return parseReal(_tmpReadToken);
  }
  double readDouble() { return readReal(); }
  double readReal(double minv, double maxv, const std::string &variableName = "") {
    const double v = readReal();
    checkRange(v, minv, maxv, variableName, "Double");
    return v;
  }
  double readDouble(double minv, double maxv, const std::string &variableName = "") {
    return readReal(minv, maxv, variableName);
  }

  /* Strict reals: fixed notation, no leading zeros, no redundant minus, between
     minAfterPointDigitCount and maxAfterPointDigitCount digits after the point. */
  double readStrictReal(double minv, double maxv, int minAfterPointDigitCount, int maxAfterPointDigitCount,
                        const std::string &variableName = "") {
    readRaw(_tmpReadToken, "strict double");
    const double v = parseStrictReal(_tmpReadToken, minAfterPointDigitCount, maxAfterPointDigitCount);
    checkRange(v, minv, maxv, variableName, "Strict double");
    return v;
  }
  double readStrictDouble(double minv, double maxv, int minAfterPointDigitCount, int maxAfterPointDigitCount,
                          const std::string &variableName = "") {
    return readStrictReal(minv, maxv, minAfterPointDigitCount, maxAfterPointDigitCount, variableName);
  }

  std::vector<double> readReals(int size, double minv, double maxv, const std::string &variablesName = "",
                                int indexBase = 1) {
    return readMany<double>(size, indexBase, true, [&]() { return readReal(minv, maxv, variablesName); });
  }
  std::vector<double> readReals(int size, int indexBase = 1) {
    return readMany<double>(size, indexBase, true, [&]() { return readReal(); });
  }
  std::vector<double> readDoubles(int size, double minv, double maxv, const std::string &variablesName = "",
                                  int indexBase = 1) {
    return readReals(size, minv, maxv, variablesName, indexBase);
  }
  std::vector<double> readDoubles(int size, int indexBase = 1) { return readReals(size, indexBase); }
  std::vector<double> readStrictReals(int size, double minv, double maxv, int minAfterPointDigitCount,
                                      int maxAfterPointDigitCount, const std::string &variablesName = "",
                                      int indexBase = 1) {
    return readMany<double>(size, indexBase, true, [&]() {
      return readStrictReal(minv, maxv, minAfterPointDigitCount, maxAfterPointDigitCount, variablesName);
    });
  }
  std::vector<double> readStrictDoubles(int size, double minv, double maxv, int minAfterPointDigitCount,
                                        int maxAfterPointDigitCount, const std::string &variablesName = "",
                                        int indexBase = 1) {
    return readStrictReals(size, minv, maxv, minAfterPointDigitCount, maxAfterPointDigitCount, variablesName,
                           indexBase);
  }

  /* Lines: everything up to the line end, which is consumed (strict: it must be LF). */
  std::string readString() {
    readStringTo(_tmpReadToken);
    return _tmpReadToken;
  }
  std::string readLine() { return readString(); }
  std::string readString(const pattern &p, const std::string &variableName = "") {
    readStringTo(_tmpReadToken, p, variableName);
    return _tmpReadToken;
  }
  std::string readString(const std::string &ptrn, const std::string &variableName = "") {
    return readString(verdict_testlib::cachedPattern(ptrn), variableName);
  }
  std::string readLine(const pattern &p, const std::string &variableName = "") { return readString(p, variableName); }
  std::string readLine(const std::string &ptrn, const std::string &variableName = "") {
    return readString(ptrn, variableName);
  }

  void readStringTo(std::string &result) {
    lastLine_ = line_;
    if (peekc() == EOF) quit(_unexpected_eof, "Unexpected end of file - line expected");
    result.clear();
    for (;;) {
      const int c = getc_();
      if (c == EOF) break;
      if (c == '\n') {
        ungetc_(c);
        break;
      }
      if (c == '\r') {
        const int d = peekc();
        if (d == '\n') {
          ungetc_(c);
          break;
        }
      }
      result.push_back(static_cast<char>(c));
      if (result.size() > maxTokenLength) quit(_pe, "Line is too long");
    }
    if (strict)
      readEoln();
    else
      eoln();
  }
  void readLineTo(std::string &result) { readStringTo(result); }
  void readStringTo(std::string &result, const pattern &p, const std::string &variableName = "") {
    readStringTo(result);
    checkPattern(result, p, variableName, "Line");
  }
  void readStringTo(std::string &result, const std::string &ptrn, const std::string &variableName = "") {
    readStringTo(result, verdict_testlib::cachedPattern(ptrn), variableName);
  }
  void readLineTo(std::string &result, const pattern &p, const std::string &variableName = "") {
    readStringTo(result, p, variableName);
  }
  void readLineTo(std::string &result, const std::string &ptrn, const std::string &variableName = "") {
    readStringTo(result, ptrn, variableName);
  }

  std::vector<std::string> readStrings(int size, const pattern &p, const std::string &variablesName = "",
                                       int indexBase = 1) {
    return readMany<std::string>(size, indexBase, false, [&]() { return readString(p, variablesName); });
  }
  std::vector<std::string> readStrings(int size, const std::string &ptrn, const std::string &variablesName = "",
                                       int indexBase = 1) {
    return readMany<std::string>(size, indexBase, false, [&]() { return readString(ptrn, variablesName); });
  }
  std::vector<std::string> readStrings(int size, int indexBase = 1) {
    return readMany<std::string>(size, indexBase, false, [&]() { return readString(); });
  }
  std::vector<std::string> readLines(int size, const pattern &p, const std::string &variablesName = "",
                                     int indexBase = 1) {
    return readStrings(size, p, variablesName, indexBase);
  }
  std::vector<std::string> readLines(int size, const std::string &ptrn, const std::string &variablesName = "",
                                     int indexBase = 1) {
    return readStrings(size, ptrn, variablesName, indexBase);
  }
  std::vector<std::string> readLines(int size, int indexBase = 1) { return readStrings(size, indexBase); }

  /* Ending the program from this stream: reading errors of the input and the answer are FAIL. */
  [[noreturn]] void quit(TResult result, const char *msg);
  [[noreturn]] void quit(TResult result, const std::string &msg) { quit(result, msg.c_str()); }
  [[noreturn]] void quits(TResult result, std::string msg) { quit(result, msg.c_str()); }
  [[noreturn]] VERDICT_TESTLIB_PRINTF(3, 4) void quitf(TResult result, const char *msg, ...) {
    VERDICT_TESTLIB_VA(msg, message);
    quit(result, message.c_str());
  }
  VERDICT_TESTLIB_PRINTF(4, 5) void quitif(bool condition, TResult result, const char *msg, ...) {
    if (!condition) return;
    VERDICT_TESTLIB_VA(msg, message);
    quit(result, message.c_str());
  }
  /* Wrong answer (FAIL for the input and the answer) unless cond holds. */
  VERDICT_TESTLIB_PRINTF(3, 4) void ensuref(bool cond, const char *format, ...) {
    if (cond) return;
    VERDICT_TESTLIB_VA(format, message);
    quit(_wa, message.c_str());
  }

  /* 1-based line of the next character. */
  int getLine() const { return line_; }

 private:
  std::FILE *file_ = nullptr;
  bool ownsFile_ = false;
  std::unique_ptr<char[]> buffer_;
  std::string content_;
  bool fromString_ = false;
  size_t cpos_ = 0;
  std::vector<int> back_;
  int line_ = 1;
  int lastLine_ = -1;

  int src() {
    if (fromString_) return cpos_ < content_.size() ? static_cast<unsigned char>(content_[cpos_++]) : EOF;
    if (file_ == nullptr) return EOF;
    return VERDICT_TESTLIB_GETC(file_);
  }
  int peekc() {
    if (!back_.empty()) return back_.back();
    const int c = src();
    if (c != EOF) back_.push_back(c);
    return c;
  }
  int getc_() {
    int c;
    if (!back_.empty()) {
      c = back_.back();
      back_.pop_back();
    } else {
      c = src();
    }
    if (c == '\n') ++line_;
    return c;
  }
  void ungetc_(int c) {
    if (c == EOF) return;
    if (c == '\n') --line_;
    back_.push_back(c);
  }

  static std::string describeChar(int c) {
    if (c > 32 && c < 127) return "'" + std::string(1, static_cast<char>(c)) + "'";
    if (c == ' ') return "' '";
    return "#" + std::to_string(c);
  }

  /* A token into `out`: blanks skipped first unless strict. */
  void readRaw(std::string &out, const char *what) {
    if (!strict) skipBlanks();
    lastLine_ = line_;
    const int first = peekc();
    if (first == EOF) quit(_unexpected_eof, (std::string("Unexpected end of file - ") + what + " expected").c_str());
    if (verdict_testlib::isBlank(first)) quit(_pe, (std::string("Unexpected white-space - ") + what + " expected").c_str());
    out.clear();
    for (;;) {
      const int c = getc_();
      if (c == EOF) break;
      if (verdict_testlib::isBlank(c)) {
        ungetc_(c);
        break;
      }
      out.push_back(static_cast<char>(c));
      if (out.size() > maxTokenLength)
        quit(_pe, ("Length of token exceeds " + std::to_string(maxTokenLength) + ", token is \"" +
                   verdict_testlib::part(out) + "\"")
                      .c_str());
    }
  }

  [[noreturn]] void expected(const char *what, const std::string &token) {
    quit(_pe, (std::string("Expected ") + what + ", but \"" + verdict_testlib::part(token) + "\" found").c_str());
  }

  long long parseSigned(const std::string &t) {
    const bool neg = !t.empty() && t[0] == '-';
    const size_t start = neg ? 1 : 0;
    if (!isDigits(t, start)) expected("integer", t);
    const size_t digits = t.size() - start;
    if (t[start] == '0' && (digits > 1 || neg)) expected("integer", t);
    if (digits > 19) expected("int64", t);
    unsigned long long v = 0;
    for (size_t i = start; i < t.size(); ++i) v = v * 10 + static_cast<unsigned>(t[i] - '0');
    const unsigned long long limit = neg ? 9223372036854775808ULL : 9223372036854775807ULL;
    if (v > limit) expected("int64", t);
    if (neg) return v == 9223372036854775808ULL ? LLONG_MIN : -static_cast<long long>(v);
    return static_cast<long long>(v);
  }

  unsigned long long parseUnsigned(const std::string &t) {
    if (t.empty() || !isDigits(t, 0)) expected("unsigned integer", t);
    if (t[0] == '0' && t.size() > 1) expected("unsigned integer", t);
    if (t.size() > 20) expected("unsigned int64", t);
    unsigned long long v = 0;
    for (char c : t) {
      const unsigned d = static_cast<unsigned>(c - '0');
      if (v > (ULLONG_MAX - d) / 10) expected("unsigned int64", t);
      v = v * 10 + d;
    }
    return v;
  }

  static bool isDigits(const std::string &t, size_t from) {
    if (from >= t.size()) return false;
    for (size_t i = from; i < t.size(); ++i)
      if (t[i] < '0' || t[i] > '9') return false;
    return true;
  }

  double parseReal(const std::string &t) {
    int digits = 0, minus = 0, plus = 0, points = 0, exps = 0;
    for (char c : t) {
      if (c >= '0' && c <= '9')
        ++digits;
      else if (c == '-')
        ++minus;
      else if (c == '+')
        ++plus;
      else if (c == '.')
        ++points;
      else if (c == 'e' || c == 'E')
        ++exps;
      else
        expected("double", t);
    }
    if (digits == 0 || minus > 2 || plus > 2 || points > 1 || exps > 1) expected("double", t);
    char *end = nullptr;
    errno = 0;
    const double v = std::strtod(t.c_str(), &end);
    if (end != t.c_str() + t.size() || std::isnan(v) || std::isinf(v)) expected("double", t);
    return v;
  }

  double parseStrictReal(const std::string &t, int minAfter, int maxAfter) {
    if (minAfter < 0) verdict_testlib::fail("readStrictReal: minAfterPointDigitCount should be non-negative");
    if (minAfter > maxAfter) verdict_testlib::fail("readStrictReal: minAfterPointDigitCount should not exceed maxAfterPointDigitCount");
    const bool neg = !t.empty() && t[0] == '-';
    const size_t start = neg ? 1 : 0;
    size_t point = std::string::npos;
    if (t.size() <= start || t.size() > 1000) expected("strict double", t);
    for (size_t i = start; i < t.size(); ++i) {
      if (t[i] == '.') {
        if (point != std::string::npos) expected("strict double", t);
        point = i;
      } else if (t[i] < '0' || t[i] > '9') {
        expected("strict double", t);
      }
    }
    const size_t intDigits = (point == std::string::npos ? t.size() : point) - start;
    if (intDigits == 0 || point + 1 == t.size()) expected("strict double", t);
    if (t[start] == '0' && intDigits > 1) expected("strict double", t);
    const int after = point == std::string::npos ? 0 : static_cast<int>(t.size() - point - 1);
    if (after < minAfter || after > maxAfter)
      quit(_pe, ("Expected strict double with number of digits after point in range [" + std::to_string(minAfter) +
                 "," + std::to_string(maxAfter) + "], but \"" + verdict_testlib::part(t) + "\" found")
                    .c_str());
    const double v = std::strtod(t.c_str(), nullptr);
    if (std::isnan(v) || std::isinf(v)) expected("strict double", t);
    if (neg && !(v < 0)) quit(_pe, ("Redundant minus in \"" + verdict_testlib::part(t) + "\" found").c_str());
    return v;
  }

  /* "~n" skips the lower bound check, "n~" the upper one. */
  template <typename T>
  void checkRange(T v, T minv, T maxv, const std::string &variableName, const char *kind) {
    std::string shown = variableName;
    bool checkLow = true, checkHigh = true;
    if (!shown.empty() && shown.front() == '~') {
      checkLow = false;
      shown.erase(0, 1);
    }
    if (!shown.empty() && shown.back() == '~') {
      checkHigh = false;
      shown.pop_back();
    }
    if (!((checkLow && v < minv) || (checkHigh && v > maxv))) return;
    const std::string range = "[" + vtos(minv) + ", " + vtos(maxv) + "]";
    std::string message;
    if (readManyIteration != verdict_testlib::NO_INDEX) {
      const std::string element = shown.empty() ? "[index=" + std::to_string(readManyIteration) + "]"
                                                 : shown + "[" + std::to_string(readManyIteration) + "]";
      message = std::string(kind) + " element " + element + " equals to " + vtos(v) + ", violates the range " + range;
    } else if (shown.empty()) {
      message = std::string(kind) + " " + vtos(v) + " violates the range " + range;
    } else {
      message = std::string(kind) + " parameter [name=" + shown + "] equals to " + vtos(v) + ", violates the range " + range;
    }
    quit(_wa, message.c_str());
  }

  void checkPattern(const std::string &value, const pattern &p, const std::string &variableName, const char *kind) {
    if (p.matches(value)) return;
    std::string message;
    if (readManyIteration != verdict_testlib::NO_INDEX) {
      const std::string element = variableName.empty() ? "[index=" + std::to_string(readManyIteration) + "]"
                                                        : variableName + "[" + std::to_string(readManyIteration) + "]";
      message = std::string(kind) + " element " + element + " equals to \"" + verdict_testlib::part(value) +
                "\", doesn't correspond to pattern \"" + p.src() + "\"";
    } else if (variableName.empty()) {
      message = std::string(kind) + " \"" + verdict_testlib::part(value) + "\" doesn't correspond to pattern \"" + p.src() + "\"";
    } else {
      message = std::string(kind) + " parameter [name=" + variableName + "] equals to \"" + verdict_testlib::part(value) +
                "\", doesn't correspond to pattern \"" + p.src() + "\"";
    }
    quit(_wa, message.c_str());
  }

  /* size items; in strict mode items after the first are preceded by one space. */
  template <typename T, typename ReadOne>
  std::vector<T> readMany(int size, int indexBase, bool spaced, ReadOne readOne) {
    if (size < 0) quit(_fail, "readMany: size should be non-negative");
    if (size > 100000000) quit(_fail, "readMany: size should be at most 100000000");
    std::vector<T> result;
    result.reserve(static_cast<size_t>(size));
    readManyIteration = indexBase;
    for (int i = 0; i < size; ++i) {
      if (strict && spaced && i > 0) readSpace();
      result.push_back(readOne());
      ++readManyIteration;
    }
    readManyIteration = verdict_testlib::NO_INDEX;
    return result;
  }
};

inline InStream inf;
inline InStream ouf;
inline InStream ans;
/* The interactor's output file (argv[2]), read by a checker afterwards. */
inline std::fstream tout;

/* ---------------------------------------------------------------------------------------------
 * Ending the program
 * ------------------------------------------------------------------------------------------- */
namespace verdict_testlib {

inline bool checksDirt(TResult r) { return r == _ok || r == _points || static_cast<int>(r) >= _partially; }

[[noreturn]] inline void finish(TResult result, std::string message, bool inExitHandler) {
  state.quitting = true;
  std::string head;
  int code = FAIL_EXIT_CODE;
  const int r = static_cast<int>(result);
  if (r == _ok) {
    head = "ok";
    code = OK_EXIT_CODE;
  } else if (r == _wa) {
    head = "wrong answer";
    code = WA_EXIT_CODE;
  } else if (r == _pe || r == _dirt) {
    head = "wrong output format";
    code = PE_EXIT_CODE;
  } else if (r == _fail) {
    head = "FAIL";
    code = FAIL_EXIT_CODE;
  } else if (r == _points) {
    head = "points";
    code = POINTS_EXIT_CODE;
  } else if (r == _unexpected_eof) {
    head = "unexpected eof";
    code = UNEXPECTED_EOF_EXIT_CODE;
  } else if (r >= _partially && r - _partially + PC_BASE_EXIT_CODE <= 255) {
    head = "partially correct (" + std::to_string(r - _partially) + ")";
    code = PC_BASE_EXIT_CODE + r - _partially;
  } else {
    head = "FAIL";
    code = FAIL_EXIT_CODE;
    message = "unknown outcome " + std::to_string(r) + (message.empty() ? "" : ": " + message);
  }
  const std::string text = message.empty() ? head : head + " " + message;
  std::fflush(stdout);
  std::fputs(text.c_str(), stderr);
  std::fputc('\n', stderr);
  if (!state.resultName.empty()) {
    std::FILE *report = std::fopen(state.resultName.c_str(), "w");
    if (report != nullptr) {
      std::fputs(text.c_str(), report);
      std::fputc('\n', report);
      std::fclose(report);
    }
  }
  if (inExitHandler) {
    std::fflush(nullptr);
    std::_Exit(code);
  }
  std::exit(code);
}

[[noreturn]] inline void fail(const std::string &message) { ouf.quit(_fail, message.c_str()); }

}  // namespace verdict_testlib

inline void InStream::quit(TResult result, const char *msg) {
  using namespace verdict_testlib;
  std::string message = verdict_testlib::trim(msg == nullptr ? "" : msg);
  if (state.hasTestCase && result != _ok) message = appendMessage(message, "test case " + std::to_string(state.testCase));
  if (maxMessageLength >= 3 && message.size() > maxMessageLength)
    message = message.substr(0, maxMessageLength - 3) + "...";
#ifndef ENABLE_UNEXPECTED_EOF
  if (result == _unexpected_eof) result = _pe;
#endif
  /* Problems of the input or the answer are the jury's: FAIL. Validators and generators may
     still end with ok through the global quit. */
  const bool judgeProgram = testlibMode == _checker || testlibMode == _interactor;
  if (mode != _output && result != _fail && (judgeProgram || !checksDirt(result))) {
    if (opened || !name.empty()) {
      std::string where = name;
      if (mode == _input && testlibMode == _validator && lastLine_ > 0) where += ", line " + std::to_string(lastLine_);
      message = appendMessage(message, where);
    }
    result = _fail;
  }
  if (testlibMode == _checker && checksDirt(result) && ouf.opened && !ouf.seekEof())
    ouf.quit(_dirt, "Extra information in the output file");
  finish(result, message, false);
}

/* ---------------------------------------------------------------------------------------------
 * Global quit functions
 * ------------------------------------------------------------------------------------------- */
[[noreturn]] inline void quit(TResult result, const std::string &msg) { ouf.quit(result, msg.c_str()); }
[[noreturn]] inline void quit(TResult result, const char *msg) { ouf.quit(result, msg); }

[[noreturn]] VERDICT_TESTLIB_PRINTF(2, 3) inline void quitf(TResult result, const char *format, ...) {
  VERDICT_TESTLIB_VA(format, message);
  ouf.quit(result, message.c_str());
}

VERDICT_TESTLIB_PRINTF(3, 4) inline void quitif(bool condition, TResult result, const char *format, ...) {
  if (!condition) return;
  VERDICT_TESTLIB_VA(format, message);
  ouf.quit(result, message.c_str());
}

namespace verdict_testlib {
[[noreturn]] inline void quitPoints(double points, const std::string &message) {
  if (std::isnan(points) || std::isinf(points)) fail("quitp: points must be finite");
  const std::string shown = stripZeroes(format("%.10f", points));
  ouf.quit(_points, message.empty() ? shown : shown + " " + message);
}
}  // namespace verdict_testlib

/* Points: "points X message" on stderr, exit 7. */
template <typename F>
[[noreturn]] void quitp(F points, const std::string &message = "") {
  verdict_testlib::quitPoints(static_cast<double>(points), message);
}

template <typename F>
[[noreturn]] VERDICT_TESTLIB_PRINTF(2, 3) void quitp(F points, const char *format, ...) {
  VERDICT_TESTLIB_VA(format, message);
  verdict_testlib::quitPoints(static_cast<double>(points), message);
}

/* "points points_info message" on stderr, exit 7. */
[[noreturn]] inline void quitpi(const std::string &points_info, const std::string &message = "") {
  ouf.quit(_points, message.empty() ? points_info : points_info + " " + message);
}

[[noreturn]] VERDICT_TESTLIB_PRINTF(2, 3) inline void quitpi(const std::string &points_info, const char *format, ...) {
  VERDICT_TESTLIB_VA(format, message);
  quitpi(points_info, message);
}

/* FAIL unless cond holds. */
VERDICT_TESTLIB_PRINTF(2, 3) inline void ensuref(bool cond, const char *format, ...) {
  if (cond) return;
  VERDICT_TESTLIB_VA(format, message);
  quit(_fail, message);
}

namespace verdict_testlib {
inline void ensureCondition(bool cond, const char *message) {
  if (!cond) quit(_fail, message);
}
}  // namespace verdict_testlib

#ifndef ensure
#define ensure(cond) ::verdict_testlib::ensureCondition(static_cast<bool>(cond), "Condition failed: \"" #cond "\"")
#endif

namespace verdict_testlib {
template <typename T>
std::string shownValue(const T &value) {
  if constexpr (std::is_floating_point<T>::value) {
    return stripZeroes(format("%.12f", static_cast<double>(value)));
  } else {
    return toText(value);
  }
}
}  // namespace verdict_testlib

namespace verdict_testlib {
template <typename T>
[[noreturn]] void expectedButFound(TResult result, const T &expected, const T &found, const std::string &prepend) {
  const std::string e = compress(shownValue(expected));
  const std::string f = compress(shownValue(found));
  if (prepend.empty()) quit(result, "expected '" + e + "', but found '" + f + "'");
  quit(result, compress(prepend) + ": expected '" + e + "', but found '" + f + "'");
}
}  // namespace verdict_testlib

/* quit(result, "[prepend: ]expected 'E', but found 'F'"). */
template <typename T>
[[noreturn]] void expectedButFound(TResult result, T expected, T found) {
  verdict_testlib::expectedButFound(result, expected, found, std::string());
}

template <typename T>
[[noreturn]] VERDICT_TESTLIB_PRINTF(4, 5) void expectedButFound(TResult result, T expected, T found,
                                                               const char *prependFormat, ...) {
  VERDICT_TESTLIB_VA(prependFormat, prepend);
  verdict_testlib::expectedButFound(result, expected, found, prepend);
}

/* ---------------------------------------------------------------------------------------------
 * Names, test cases, validator options
 * ------------------------------------------------------------------------------------------- */
VERDICT_TESTLIB_PRINTF(1, 2) inline void setName(const char *format, ...) {
  VERDICT_TESTLIB_VA(format, name);
  verdict_testlib::state.programName = name;
}

/* Messages other than ok get "(test case N)" until unsetTestCase(). */
inline void setTestCase(int testCase) {
  verdict_testlib::state.hasTestCase = true;
  verdict_testlib::state.testCase = testCase;
}

inline void unsetTestCase() {
  verdict_testlib::state.hasTestCase = false;
  verdict_testlib::state.testCase = -1;
}

class Validator {
 public:
  std::string testset() const { return verdict_testlib::state.testset; }
  std::string group() const { return verdict_testlib::state.group; }
  void setTestset(const char *const testset) { verdict_testlib::state.testset = testset; }
  void setGroup(const char *const group) { verdict_testlib::state.group = group; }
};
inline Validator validator;

/* ---------------------------------------------------------------------------------------------
 * Command-line options of generators: -key=value, -key value, --key=value, -flag; opt<T>(index)
 * is argv[index].
 * ------------------------------------------------------------------------------------------- */
namespace verdict_testlib {

inline bool looksLikeKey(const std::string &a) {
  if (a.size() < 2 || a[0] != '-') return false;
  const char c = a[1] == '-' && a.size() > 2 ? a[2] : a[1];
  return !(std::isdigit(static_cast<unsigned char>(c)) || c == '.');
}

inline void storeArgs(int argc, char *argv[]) {
  state.args.clear();
  state.opts.clear();
  for (int i = 1; i < argc; ++i) state.args.push_back(argv[i] == nullptr ? "" : argv[i]);
  for (size_t i = 0; i < state.args.size(); ++i) {
    const std::string &a = state.args[i];
    if (!looksLikeKey(a)) continue;
    std::string key = a.substr(a[1] == '-' ? 2 : 1);
    const size_t eq = key.find('=');
    if (eq != std::string::npos) {
      state.opts[key.substr(0, eq)] = key.substr(eq + 1);
    } else if (i + 1 < state.args.size() && !looksLikeKey(state.args[i + 1])) {
      state.opts[key] = state.args[i + 1];
      ++i;
    } else {
      state.opts[key] = "true";
    }
  }
}

template <typename T>
T convertOpt(const std::string &what, const std::string &s) {
  if constexpr (std::is_same<T, std::string>::value) {
    return s;
  } else if constexpr (std::is_same<T, bool>::value) {
    if (s == "true" || s == "1") return true;
    if (s == "false" || s == "0") return false;
    fail("Opt " + what + ": \"" + s + "\" is not a boolean");
  } else if constexpr (std::is_integral<T>::value) {
    errno = 0;
    char *end = nullptr;
    if (s.find_first_of("eE") != std::string::npos) {
      const long double v = std::strtold(s.c_str(), &end);
      if (s.empty() || *end != '\0' || v != std::floor(v) || v < static_cast<long double>(std::numeric_limits<T>::min()) ||
          v > static_cast<long double>(std::numeric_limits<T>::max()))
        fail("Opt " + what + ": \"" + s + "\" is not a valid integer");
      return static_cast<T>(v);
    }
    if (std::is_signed<T>::value) {
      const long long v = std::strtoll(s.c_str(), &end, 10);
      if (s.empty() || *end != '\0' || errno != 0 || v < static_cast<long long>(std::numeric_limits<T>::min()) ||
          v > static_cast<long long>(std::numeric_limits<T>::max()))
        fail("Opt " + what + ": \"" + s + "\" is not a valid integer");
      return static_cast<T>(v);
    } else {
      const unsigned long long v = std::strtoull(s.c_str(), &end, 10);
      if (s.empty() || s[0] == '-' || *end != '\0' || errno != 0 ||
          v > static_cast<unsigned long long>(std::numeric_limits<T>::max()))
        fail("Opt " + what + ": \"" + s + "\" is not a valid unsigned integer");
      return static_cast<T>(v);
    }
  } else if constexpr (std::is_floating_point<T>::value) {
    char *end = nullptr;
    const long double v = std::strtold(s.c_str(), &end);
    if (s.empty() || *end != '\0') fail("Opt " + what + ": \"" + s + "\" is not a number");
    return static_cast<T>(v);
  } else {
    std::istringstream ss(s);
    T v;
    if (!(ss >> v)) fail("Opt " + what + ": \"" + s + "\" cannot be read");
    return v;
  }
}

}  // namespace verdict_testlib

inline bool has_opt(const std::string &key) {
  verdict_testlib::state.usedOpts.insert(key);
  return verdict_testlib::state.opts.count(key) != 0;
}

template <typename T>
T opt(const std::string &key) {
  verdict_testlib::state.usedOpts.insert(key);
  auto it = verdict_testlib::state.opts.find(key);
  if (it == verdict_testlib::state.opts.end()) verdict_testlib::fail("Opts: unknown key '" + key + "'");
  return verdict_testlib::convertOpt<T>(key, it->second);
}

template <typename T>
T opt(const std::string &key, const T &defaultValue) {
  verdict_testlib::state.usedOpts.insert(key);
  auto it = verdict_testlib::state.opts.find(key);
  if (it == verdict_testlib::state.opts.end()) return defaultValue;
  return verdict_testlib::convertOpt<T>(key, it->second);
}

/* FAIL when a -key option was given that opt() and has_opt() never asked for. */
inline void check_unused_opt() {
  for (const auto &kv : verdict_testlib::state.opts)
    if (verdict_testlib::state.usedOpts.count(kv.first) == 0) verdict_testlib::fail("Opts: unused key '" + kv.first + "'");
}
inline void ensureNoUnusedOpts() { check_unused_opt(); }
/* Unused options are only checked by check_unused_opt() here: nothing to suppress. */
inline void suppressEnsureNoUnusedOpt() {}

template <typename T>
T opt(int index) {
  if (index < 1 || static_cast<size_t>(index) > verdict_testlib::state.args.size())
    verdict_testlib::fail("Opt #" + std::to_string(index) + " not found");
  return verdict_testlib::convertOpt<T>("#" + std::to_string(index),
                                        verdict_testlib::state.args[static_cast<size_t>(index) - 1]);
}

template <typename T>
T opt(int index, const T &defaultValue) {
  if (index < 1 || static_cast<size_t>(index) > verdict_testlib::state.args.size()) return defaultValue;
  return opt<T>(index);
}

inline std::string opt(const std::string &key) { return opt<std::string>(key); }

/* ---------------------------------------------------------------------------------------------
 * Output helpers of generators
 * ------------------------------------------------------------------------------------------- */
namespace verdict_testlib {
template <typename T, typename = void>
struct isIterable : std::false_type {};
template <typename T>
struct isIterable<T, std::void_t<decltype(std::begin(std::declval<const T &>())),
                                 decltype(std::end(std::declval<const T &>()))>> : std::true_type {};

template <typename T>
void printOne(const T &x) {
  if constexpr (isIterable<T>::value && !std::is_convertible<const T &, std::string>::value) {
    bool head = true;
    for (const auto &e : x) {
      if (!head) std::cout << ' ';
      head = false;
      printOne(e);
    }
  } else {
    std::cout << x;
  }
}
}  // namespace verdict_testlib

/* Prints the arguments separated by spaces (containers element by element) and a newline. */
inline void println() { std::cout << '\n'; }

template <typename T, typename... Rest>
void println(const T &first, const Rest &...rest) {
  verdict_testlib::printOne(first);
  ((std::cout << ' ', verdict_testlib::printOne(rest)), ...);
  std::cout << '\n';
}

/* Generators writing several tests: stdout goes to the file named after the test number. */
inline void startTest(int test) {
  std::cout.flush();
  const std::string name = std::to_string(test);
  if (std::freopen(name.c_str(), "wt", stdout) == nullptr) verdict_testlib::fail("Unable to write file '" + name + "'");
}

/* ---------------------------------------------------------------------------------------------
 * Registration
 * ------------------------------------------------------------------------------------------- */

/* Checker: argv input output answer [report]. */
inline void registerTestlibCmd(int argc, char *argv[]) {
  using namespace verdict_testlib;
  testlibMode = _checker;
  storeArgs(argc, argv);
  std::vector<std::string> files;
  for (size_t i = 0; i < state.args.size(); ++i) {
    const std::string &a = state.args[i];
    if ((a == "--testset" || a == "--group") && i + 1 < state.args.size()) {
      (a == "--testset" ? state.testset : state.group) = state.args[++i];
      continue;
    }
    files.push_back(a);
  }
  if (files.size() < 3 || files.size() > 5)
    quit(_fail,
         "Program must be run with the following arguments: <input-file> <output-file> <answer-file> "
         "[<report-file> [<-appes>]]");
  if (files.size() >= 4) state.resultName = files[3];
  inf.init(files[0], _input);
  ouf.init(files[1], _output);
  ans.init(files[2], _answer);
}

/* Interactor: argv input tout [answer [report]]. The contestant's output is stdin (ouf); what
   the interactor prints to stdout goes to the contestant. */
inline void registerInteraction(int argc, char *argv[]) {
  using namespace verdict_testlib;
  testlibMode = _interactor;
  storeArgs(argc, argv);
  if (argc < 3 || argc > 6)
    quit(_fail,
         "Program must be run with the following arguments: <input-file> <output-file> [<answer-file> "
         "[<report-file> [<-appes>]]]");
  if (argc >= 5) state.resultName = argv[4];
  inf.init(argv[1], _input);
  tout.open(argv[2], std::ios_base::out);
  if (tout.fail() || !tout.is_open()) quit(_fail, std::string("Can not write to the test-output-file '") + argv[2] + "'");
  ouf.init(stdin, _output);
  if (argc >= 4)
    ans.init(argv[3], _answer);
  else
    ans.name = "unopened answer stream";
}

/* Validator: the input is stdin, read strictly (every space and line end must be read). */
inline void registerValidation() {
  testlibMode = _validator;
  inf.init(stdin, _input);
  inf.strict = true;
}

inline void registerValidation(int argc, char *argv[]) {
  using namespace verdict_testlib;
  storeArgs(argc, argv);
  for (size_t i = 0; i + 1 < state.args.size(); ++i) {
    const std::string &a = state.args[i];
    if (a == "--testset") state.testset = state.args[++i];
    else if (a == "--group") state.group = state.args[++i];
  }
  registerValidation();
}

/* Generator: rnd is seeded from the arguments (the same arguments give the same test). */
inline void registerGen(int argc, char *argv[], int randomGeneratorVersion) {
  testlibMode = _generator;
  if (randomGeneratorVersion < 0 || randomGeneratorVersion > 1)
    verdict_testlib::fail("Random generator version is expected to be 0 or 1");
  verdict_testlib::storeArgs(argc, argv);
  rnd.setSeed(argc, argv);
}

inline void registerGen(int argc, char *argv[]) { registerGen(argc, argv, 0); }

/* ---------------------------------------------------------------------------------------------
 * A checker must end with a quit; a validator must read the end of its input (as testlib).
 * Defined last, so it is destroyed before everything it uses.
 * ------------------------------------------------------------------------------------------- */
namespace verdict_testlib {
struct FinalGuard {
  FinalGuard() = default;
  FinalGuard(const FinalGuard &) = delete;
  FinalGuard &operator=(const FinalGuard &) = delete;
  ~FinalGuard() {
    if (state.quitting) return;
    if (testlibMode == _checker) finish(_fail, "Checker must end with quit or quitf call.", true);
    if (testlibMode == _validator && !state.readEofDone) finish(_fail, "Validator must end with readEof call.", true);
  }
};
inline FinalGuard finalGuard;
}  // namespace verdict_testlib

#endif /* VERDICT_TESTLIB_H */
