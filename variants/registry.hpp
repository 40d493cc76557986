// The list of registered variants. Adding a variant: write its folder under
// variants/, include its header here and add its type to AllVariants.
// The reference oracle comes first; `all` on the command line skips it.
#pragma once

#include <array>
#include <string_view>

#include "core/reference.hpp"
#include "core/registry.hpp"
#include "variants/avx2/avx2.hpp"
#include "variants/avx512/avx512.hpp"
#include "variants/bmi2/bmi2.hpp"
#include "variants/fast/fast.hpp"
#include "variants/kindergarten/kindergarten.hpp"
#include "variants/mailbox/mailbox.hpp"
#include "variants/shift/shift.hpp"

namespace rb {

using AllVariants = VariantList<ReferenceBoard,                  //
                                Mailbox, MailboxList,            //
                                Shift, ShiftList,                //
                                Kindergarten, KindergartenList,  //
                                Fast, FastList,                  //
                                Avx2, Avx2List,                  //
                                Bmi2, Bmi2List,                  //
                                Avx512, Avx512List>;

// The built-in variants without their list, fastest first: `-v auto` runs
// the first one this CPU can (its +list twin where the search uses the
// list). Measured with `bench`, variants side by side in alternating rounds
// (results/2026-11-25-presets); a new variant takes its place here.
inline constexpr std::array<std::string_view, 7> kVariantsFastestFirst = {
    "avx512", "avx2", "bmi2", "fast", "kindergarten", "shift", "mailbox"};

}  // namespace rb
