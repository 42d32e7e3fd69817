// An error that a request handler of hopzero serve answers with a given HTTP status (404 for an
// unknown game id, 409 for an action at the wrong time, ...). Plain hz::Error is a 400.
#pragma once

#include "core/error.h"

namespace hz::serve {

class HttpError : public Error {
 public:
  HttpError(int status, const std::string& message) : Error(message), status_(status) {}
  int status() const { return status_; }

 private:
  int status_;
};

template <class... Parts>
[[noreturn]] void fail_with(int status, Parts&&... parts) {
  throw HttpError(status, str_cat(std::forward<Parts>(parts)...));
}

}  // namespace hz::serve
