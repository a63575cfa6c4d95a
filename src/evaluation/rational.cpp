#include "evaluation/rational.hpp"

#include <cmath>

namespace satlab {

Rational::Rational(double v) {
  mpq_init(q_);
  if (std::isfinite(v)) mpq_set_d(q_, v);
}

Rational operator+(const Rational& x, const Rational& y) {
  Rational r;
  mpq_add(r.q_, x.q_, y.q_);
  return r;
}

Rational operator-(const Rational& x, const Rational& y) {
  Rational r;
  mpq_sub(r.q_, x.q_, y.q_);
  return r;
}

Rational operator*(const Rational& x, const Rational& y) {
  Rational r;
  mpq_mul(r.q_, x.q_, y.q_);
  return r;
}

Rational operator/(const Rational& x, const Rational& y) {
  Rational r;
  mpq_div(r.q_, x.q_, y.q_);
  return r;
}

Rational operator-(const Rational& x) {
  Rational r;
  mpq_neg(r.q_, x.q_);
  return r;
}

}  // namespace satlab
