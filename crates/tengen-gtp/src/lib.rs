//! GTP
