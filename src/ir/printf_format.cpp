//===- printf_format.cpp - What a kernel's printf format may ask for --------------===//

#include "ir/printf_format.h"

#include <cctype>
#include <cstring>

namespace fly::ir {

namespace {
const char *argName(PrintfArg a) {
  switch (a) {
  case PrintfArg::Int:
    return "an integer of up to 32 bits";
  case PrintfArg::Long:
    return "a 64-bit integer";
  case PrintfArg::Double:
    return "a float";
  }
  return "";
}
} // namespace

std::string checkPrintfFormat(const std::string &format, const std::vector<PrintfArg> &args) {
  if (format.find('\0') != std::string::npos)
    return "the format contains a NUL character";
  size_t next = 0;
  for (size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%')
      continue;
    size_t start = i++;
    if (i < format.size() && format[i] == '%')
      continue;
    while (i < format.size() && std::strchr("-+ #0", format[i]))
      ++i;
    while (i < format.size() && std::isdigit(static_cast<unsigned char>(format[i])))
      ++i;
    if (i < format.size() && format[i] == '.') {
      ++i;
      while (i < format.size() && std::isdigit(static_cast<unsigned char>(format[i])))
        ++i;
    }
    std::string length;
    while (i < format.size() && std::strchr("hlLqjzt", format[i]))
      length.push_back(format[i++]);
    std::string spec = format.substr(start, i + 1 - start);
    if (i >= format.size())
      return "the format ends inside the conversion '" + spec.substr(0, spec.size() - 1) + "'";
    char conv = format[i];
    bool integer = std::strchr("diuxXoc", conv) != nullptr;
    bool floating = std::strchr("fFeEgGaA", conv) != nullptr;
    if (!integer && !floating)
      return "the conversion '" + spec +
             "' is not offered: a kernel prints integers (d i u x X o c) " +
             "and floats (f e g a), with flags, width and precision as digits";
    if (next >= args.size())
      return "the conversion '" + spec + "' has no value: " + std::to_string(args.size()) +
             " value(s) for more conversions";
    PrintfArg a = args[next++];
    bool fits =
        integer ? (a == PrintfArg::Int && (length.empty() || length == "h" || length == "hh")) ||
                      (a == PrintfArg::Long && conv != 'c' && (length == "l" || length == "ll"))
                : a == PrintfArg::Double && (length.empty() || length == "l");
    if (!fits)
      return "the conversion '" + spec + "' does not fit value " + std::to_string(next) + ", " +
             argName(a) + (a == PrintfArg::Long ? " (use %ld or %lld)" : "") +
             (a == PrintfArg::Int && integer ? " (use no length modifier)" : "");
  }
  if (next != args.size())
    return "the format has " + std::to_string(next) + " conversion(s) for " +
           std::to_string(args.size()) + " value(s)";
  return "";
}

size_t placeholderCount(const std::string &format) {
  size_t n = 0;
  for (size_t at = format.find("{}"); at != std::string::npos; at = format.find("{}", at + 2))
    ++n;
  return n;
}

std::string placeholdersToPrintf(const std::string &format, const std::vector<PrintfArg> &args,
                                 std::string &why) {
  std::string out;
  size_t next = 0;
  for (size_t i = 0; i < format.size(); ++i) {
    if (format[i] == '%') {
      out += "%%";
    } else if (format.compare(i, 2, "{}") == 0 && next < args.size()) {
      switch (args[next++]) {
      case PrintfArg::Int:
        out += "%d";
        break;
      case PrintfArg::Long:
        out += "%lld";
        break;
      case PrintfArg::Double:
        out += "%.2f";
        break;
      }
      ++i;
    } else {
      out += format[i];
    }
  }
  if (next < args.size()) // a {} past the arguments stays text, so next counts them all here
    why = "the format has " + std::to_string(next) + " {} placeholders for " +
          std::to_string(args.size()) + " arguments";
  return out;
}

} // namespace fly::ir
