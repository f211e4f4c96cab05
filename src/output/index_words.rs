//! The words of `index.html` in the kit's language: `t(id=…)` gives a message of the kit's
//! catalogue (`index-<id>`) as text, `t_html(id=…)` as HTML with its file names as code or a
//! link. Both take `n=` for a count the message's plural forms follow.

use std::sync::Arc;

use tera::{Kwargs, State, Tera, Value};

use crate::i18n::{Arg, Catalogue};
use crate::xml::escape;

/// Makes `t` and `t_html` speak `catalogue`'s language in `tera`.
pub fn register(tera: &mut Tera, catalogue: &Arc<Catalogue>) {
    tera.register_function("t", Text(Arc::clone(catalogue)));
    tera.register_function("t_html", Html(Arc::clone(catalogue)));
}

struct Text(Arc<Catalogue>);

impl tera::Function<tera::TeraResult<Value>> for Text {
    /// `kind=` names a component kind in the kit's language (a kind of the game's own as
    /// it is written).
    fn call(&self, kwargs: Kwargs, _: &State) -> tera::TeraResult<Value> {
        if let Some(kind) = kwargs.get::<&str>("kind")? {
            let id = format!("kind-{kind}");
            let word = self.0.text(&id, &[]);
            return Ok(Value::from(if word == id { kind.to_owned() } else { word }));
        }
        let id = kwargs.must_get::<&str>("id")?;
        let n = kwargs.get::<u64>("n")?;
        let args: Vec<(&str, Arg)> = n.map(|n| ("n", Arg::Number(n))).into_iter().collect();
        Ok(Value::from(self.0.text(&format!("index-{id}"), &args)))
    }
}

struct Html(Arc<Catalogue>);

/// Stand-ins for the filled-in names while the rest of the message is escaped; characters of
/// Unicode's private use area, which no message holds.
const OPEN: char = '\u{E000}';
const CLOSE: char = '\u{E001}';

impl tera::Function<tera::TeraResult<Value>> for Html {
    /// Every keyword but `id`, `n` and `href` is a name the message fills in, shown as code
    /// (`kit="kit.pdf"`); with `href`, the `file` is a link to it instead.
    fn call(&self, kwargs: Kwargs, _: &State) -> tera::TeraResult<Value> {
        let id = kwargs.must_get::<&str>("id")?;
        let href = kwargs.get::<&str>("href")?;
        let mut names: Vec<(String, String)> = Vec::new();
        for (key, value) in kwargs.iter() {
            let key = key.to_string();
            if !["id", "n", "href"].contains(&key.as_str()) {
                let value = value.as_str().map(str::to_owned).unwrap_or_default();
                names.push((key, value));
            }
        }
        let holes: Vec<String> = (0..names.len())
            .map(|i| format!("{OPEN}{i}{CLOSE}"))
            .collect();
        let mut args: Vec<(&str, Arg)> = names
            .iter()
            .zip(&holes)
            .map(|((k, _), h)| (k.as_str(), Arg::Text(h)))
            .collect();
        if let Some(n) = kwargs.get::<u64>("n")? {
            args.push(("n", Arg::Number(n)));
        }
        let mut html = escape(&self.0.text(&format!("index-{id}"), &args));
        for ((key, value), hole) in names.iter().zip(&holes) {
            let shown = match (key.as_str(), href) {
                ("file", Some(href)) => {
                    format!("<a href=\"{}\">{}</a>", escape(href), escape(value))
                }
                _ => format!("<code>{}</code>", escape(value)),
            };
            html = html.replace(hole, &shown);
        }
        Ok(Value::safe_string(&html))
    }
}
