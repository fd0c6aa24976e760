/**
 * @file field_path.h
 * @brief JSON pointers (RFC 6901) naming a request field in an error, built without JSON: the
 *        computation files name the cell they refuse ("/joint/1/0") without knowing JSON.
 */
#pragma once
#include <cstddef>
#include <string>

namespace privlab::field_path {

/// "/a/b" + "c" -> "/a/b/c" (escapes ~ and / per RFC 6901).
std::string child(const std::string& path, const std::string& key);
/// "/a/b" + 3 -> "/a/b/3".
std::string child(const std::string& path, std::size_t index);

}  // namespace privlab::field_path
