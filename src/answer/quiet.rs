//! Progress bars that show nothing: the library's twin of the few `indicatif` types
//! [`progress`](crate::answer::progress) uses, so that a build without the `cli` feature (the library
//! alone, with no terminal in its dependency tree) runs the same code, silently.

use std::borrow::Cow;
use std::time::Duration;

/// A bar that draws nothing.
#[derive(Clone, Debug, Default)]
pub struct ProgressBar;

impl ProgressBar {
    /// A bar of `len` steps.
    pub fn new(_len: u64) -> ProgressBar {
        ProgressBar
    }

    /// A spinner.
    pub fn new_spinner() -> ProgressBar {
        ProgressBar
    }

    /// Sets its style.
    pub fn set_style(&self, _style: ProgressStyle) {}

    /// Sets its message.
    pub fn set_message(&self, _msg: impl Into<Cow<'static, str>>) {}

    /// Sets its length.
    pub fn set_length(&self, _len: u64) {}

    /// Sets its position.
    pub fn set_position(&self, _pos: u64) {}

    /// Advances it.
    pub fn inc(&self, _delta: u64) {}

    /// Redraws it.
    pub fn tick(&self) {}

    /// Redraws it every `interval`.
    pub fn enable_steady_tick(&self, _interval: Duration) {}

    /// Takes it away.
    pub fn finish_and_clear(&self) {}
}

/// A style that styles nothing.
#[derive(Clone, Debug, Default)]
pub struct ProgressStyle;

/// A template that cannot be wrong.
#[derive(Debug)]
pub struct TemplateError;

impl ProgressStyle {
    /// A style from a template.
    pub fn with_template(_template: &str) -> Result<ProgressStyle, TemplateError> {
        Ok(ProgressStyle)
    }

    /// The default bar.
    pub fn default_bar() -> ProgressStyle {
        ProgressStyle
    }

    /// The default spinner.
    pub fn default_spinner() -> ProgressStyle {
        ProgressStyle
    }
}
