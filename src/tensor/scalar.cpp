#include "ember/tensor/scalar.h"

namespace ember {

Scalar Scalar::operator-() const {
  EMBER_CHECK(kind_ != Kind::Bool, "torch boolean negative, the `-` operator, is not supported.");
  if (kind_ == Kind::Double) return Scalar(-d_);
  if (kind_ == Kind::ComplexDouble) return Scalar(std::complex<double>(-d_, -im_));
  return Scalar(static_cast<int64_t>(-static_cast<uint64_t>(i_)));
}

std::ostream& operator<<(std::ostream& os, const Scalar& s) {
  switch (s.kind_) {
    case Scalar::Kind::Bool: return os << (s.i_ ? "True" : "False");
    case Scalar::Kind::Int: return os << s.i_;
    case Scalar::Kind::Double: return os << s.d_;
    case Scalar::Kind::ComplexDouble: return os << '(' << s.d_ << (s.im_ < 0 ? "" : "+") << s.im_ << "j)";
  }
  return os;
}

}  // namespace ember
