// The list of registered variants. Adding a variant: write its folder under
// variants/, include its header here and add its type to AllVariants.
// The reference oracle comes first; `all` on the command line skips it.
#pragma once

#include "core/reference.hpp"
#include "core/registry.hpp"
#include "variants/kindergarten/kindergarten.hpp"
#include "variants/mailbox/mailbox.hpp"
#include "variants/shift/shift.hpp"

namespace rb {

using AllVariants = VariantList<ReferenceBoard,     //
                                Mailbox, MailboxList,  //
                                Shift, ShiftList,      //
                                Kindergarten, KindergartenList>;

}  // namespace rb
