// An exact rational number (GMP's mpq_t, or mini-gmp's in the browser build): what the
// precision lens (precision_lens.hpp) computes a test's formula in. Every float and double
// is an exact binary fraction, so a test's inputs convert without rounding, and sums,
// differences, products and quotients of them stay exact. Square roots do not exist here:
// the formulas that need a length compare squares instead.
#pragma once

#include <gmp.h>

namespace satlab {

class Rational {
 public:
  Rational() { mpq_init(q_); }
  /// Exactly `v` (finite; a NaN or an infinity becomes 0).
  Rational(double v);  // NOLINT(google-explicit-constructor): a number, as a double is
  Rational(const Rational& o) {
    mpq_init(q_);
    mpq_set(q_, o.q_);
  }
  Rational(Rational&& o) noexcept {
    mpq_init(q_);
    mpq_swap(q_, o.q_);
  }
  Rational& operator=(const Rational& o) {
    if (this != &o) mpq_set(q_, o.q_);
    return *this;
  }
  Rational& operator=(Rational&& o) noexcept {
    mpq_swap(q_, o.q_);
    return *this;
  }
  ~Rational() { mpq_clear(q_); }

  friend Rational operator+(const Rational& x, const Rational& y);
  friend Rational operator-(const Rational& x, const Rational& y);
  friend Rational operator*(const Rational& x, const Rational& y);
  /// y != 0.
  friend Rational operator/(const Rational& x, const Rational& y);
  friend Rational operator-(const Rational& x);
  Rational& operator+=(const Rational& y) { return *this = *this + y; }
  Rational& operator-=(const Rational& y) { return *this = *this - y; }

  /// -1, 0 or 1.
  int sign() const { return mpq_sgn(q_); }
  friend int compare(const Rational& x, const Rational& y) { return mpq_cmp(x.q_, y.q_); }
  friend bool operator<(const Rational& x, const Rational& y) { return compare(x, y) < 0; }
  friend bool operator>(const Rational& x, const Rational& y) { return compare(x, y) > 0; }
  friend bool operator<=(const Rational& x, const Rational& y) { return compare(x, y) <= 0; }
  friend bool operator>=(const Rational& x, const Rational& y) { return compare(x, y) >= 0; }
  friend bool operator==(const Rational& x, const Rational& y) { return mpq_equal(x.q_, y.q_) != 0; }
  friend bool operator!=(const Rational& x, const Rational& y) { return !(x == y); }

  /// The nearest double (rounded towards zero by GMP, within one unit in the last place).
  double toDouble() const { return mpq_get_d(q_); }

 private:
  mpq_t q_;
};

inline Rational abs(const Rational& x) { return x.sign() < 0 ? -x : x; }

}  // namespace satlab
