//! The template functions `text_box` and `icon`: their arguments read and checked, the box
//! kept inside the face's safe zone, and text that cannot fit an error or a warning as the
//! print profile says.

use std::sync::Arc;

use tera::{Kwargs, State, Tera, Value};

use crate::error::suggestion;
use crate::model::print::OverflowPolicy;
use crate::text::fonts::DEFAULT_FAMILY;

use super::boxes::{Align, BoxSpec, VAlign};
use super::markup::quote;
use super::shaping::TextEngine;
use super::svg::xml;

/// Reads the kwargs of `text_box` into a [`BoxSpec`].
pub(super) fn spec_from_kwargs(kwargs: &Kwargs) -> tera::TeraResult<BoxSpec> {
    let num = |k: &str| kwargs.must_get::<f64>(k).map(|v| v as f32);
    let opt = |k: &str, d: f32| kwargs.get::<f64>(k).map(|v| v.map_or(d, |v| v as f32));
    let size = num("size")?;
    let align = match kwargs.get::<&str>("align")?.unwrap_or("left") {
        "left" | "start" => Align::Left,
        "center" | "centre" | "middle" => Align::Center,
        "right" | "end" => Align::Right,
        "justify" => Align::Justify,
        other => {
            return Err(tera::Error::message(format!(
                "align `{other}` is not one of left, center, right, justify"
            )));
        }
    };
    let valign = match kwargs.get::<&str>("valign")?.unwrap_or("top") {
        "top" => VAlign::Top,
        "middle" | "center" | "centre" => VAlign::Middle,
        "bottom" => VAlign::Bottom,
        other => {
            return Err(tera::Error::message(format!(
                "valign `{other}` is not one of top, middle, bottom"
            )));
        }
    };
    let spec = BoxSpec {
        x: num("x")?,
        y: num("y")?,
        width: num("width")?,
        height: opt("height", f32::INFINITY)?,
        size,
        min_size: opt("min_size", size)?,
        family: kwargs
            .get::<String>("family")?
            .unwrap_or_else(|| DEFAULT_FAMILY.to_owned()),
        bold: kwargs.get::<bool>("bold")?.unwrap_or(false),
        italic: kwargs.get::<bool>("italic")?.unwrap_or(false),
        align,
        valign,
        line_height: opt("line_height", 1.2)?,
        max_lines: match kwargs.get::<i64>("max_lines")? {
            None => usize::MAX,
            Some(n) if n >= 1 => usize::try_from(n).unwrap_or(usize::MAX),
            Some(n) => {
                return Err(tera::Error::message(format!(
                    "text_box(): `max_lines` is {n}; a box holds one line at least"
                )));
            }
        },
        fill: kwargs
            .get::<String>("fill")?
            .unwrap_or_else(|| "#000".to_owned()),
        icon_scale: opt("icon_scale", 1.1)?,
    };
    check_box(&spec)?;
    Ok(spec)
}

/// Refuses a box's numbers that would lay nothing out, or lay it outside the box.
pub(super) fn check_box(spec: &BoxSpec) -> tera::TeraResult<()> {
    for (key, value) in [
        ("width", spec.width),
        ("height", spec.height),
        ("size", spec.size),
        ("min_size", spec.min_size),
    ] {
        if value.is_nan() || value <= 0.0 {
            return Err(tera::Error::message(format!(
                "text_box(): `{key}` is {value}; it must be above 0"
            )));
        }
    }
    if spec.min_size > spec.size {
        return Err(tera::Error::message(format!(
            "text_box(): `min_size` ({}) is larger than `size` ({}): the text would grow to fit",
            spec.min_size, spec.size
        )));
    }
    // Lines at a spacing of 0 or less stack upwards, out of their box.
    if !(spec.line_height > 0.0 && spec.line_height <= 10.0) {
        return Err(tera::Error::message(format!(
            "text_box needs a line_height above 0 and at most 10 (a multiple of the size), not {}",
            spec.line_height
        )));
    }
    Ok(())
}

/// Registers `text_box` and `icon` on a Tera environment.
///
/// `text_box(text, x, y, width, height, size, min_size?, family?, bold?, italic?, align?,
/// valign?, line_height?, max_lines?, fill?, icon_scale?, name?)`
///
/// `icon(name, x, y, size, fill?)`: the named icon as a `size` × `size` square.
pub fn register(tera: &mut Tera, engine: Arc<TextEngine>) {
    tera.register_function("text_box", TextBox(Arc::clone(&engine)));
    tera.register_function("icon", IconFn(engine));
}

pub(super) struct IconFn(Arc<TextEngine>);

impl tera::Function<tera::TeraResult<Value>> for IconFn {
    fn call(&self, kwargs: Kwargs, _: &State) -> tera::TeraResult<Value> {
        crate::text::kwargs::check(&kwargs, "icon", &["name", "x", "y", "size", "fill"])?;
        let name = kwargs.must_get::<&str>("name")?;
        let icons = &self.0.icons;
        let icon = icons.get(name).ok_or_else(|| {
            tera::Error::message(format!(
                "unknown icon `{name}` ({})",
                suggestion(name, icons.names())
            ))
        })?;
        let num = |k: &str| kwargs.must_get::<f64>(k);
        let size = num("size")?;
        if !(size.is_finite() && size > 0.0) {
            return Err(tera::Error::message(format!(
                "icon(): `size` is {size}; it must be above 0 (mm)"
            )));
        }
        let fill = kwargs.get::<&str>("fill")?.unwrap_or("#000");
        Ok(Value::safe_string(&format!(
            r#"<svg x="{}" y="{}" width="{}" height="{}" viewBox="{}" color="{}">{}</svg>"#,
            num("x")?,
            num("y")?,
            size,
            size,
            xml(&icon.view_box),
            xml(fill),
            icon.body
        )))
    }

    fn is_safe(&self) -> bool {
        true
    }
}

pub(super) struct TextBox(Arc<TextEngine>);

impl TextEngine {
    /// Fails when no loaded font has `family`, suggesting the nearest.
    pub(super) fn check_family(&self, family: &str) -> tera::TeraResult<()> {
        let names: Vec<&str> = self
            .db
            .faces()
            .flat_map(|f| f.families.iter().map(|(n, _)| n.as_str()))
            .collect();
        if names.iter().any(|n| n.eq_ignore_ascii_case(family)) {
            return Ok(());
        }
        Err(tera::Error::message(format!(
            "font family `{family}` is not loaded ({})",
            suggestion(family, names.iter().copied())
        )))
    }

    /// Text that does not fit: an error, or a warning naming the card, as the profile says.
    pub(super) fn overflow(&self, msg: String, state: &State) -> tera::TeraResult<()> {
        match self.policy {
            OverflowPolicy::Error => Err(tera::Error::message(format!(
                "{msg}; shorten it, enlarge the box or lower min_size"
            ))),
            OverflowPolicy::Warn => {
                let card = state
                    .get::<Value>("card")?
                    .and_then(|c| {
                        c.get_from_path("name")
                            .and_then(|n| n.as_str().map(str::to_owned))
                    })
                    .unwrap_or_default();
                self.warn(format!("card `{card}`: {msg}"));
                Ok(())
            }
        }
    }
}

/// The box must stay inside the face's safe zone.
pub(super) fn check_safe_zone(spec: &BoxSpec, face: &Value, what: &str) -> tera::TeraResult<()> {
    let get = |k: &str| {
        face.get_from_path(k)
            .and_then(Value::as_f64)
            .map(|v| v as f32)
    };
    let (Some(l), Some(t), Some(r), Some(b)) = (
        get("safe_left"),
        get("safe_top"),
        get("safe_right"),
        get("safe_bottom"),
    ) else {
        return Ok(());
    };
    let eps = 1e-3;
    let bottom = if spec.height.is_finite() {
        spec.y + spec.height
    } else {
        spec.y
    };
    if spec.x < l - eps || spec.y < t - eps || spec.x + spec.width > r + eps || bottom > b + eps {
        return Err(tera::Error::message(format!(
            "text box {what}({} , {}, {} × {}) crosses the safe zone ({l}..{r} × {t}..{b})",
            spec.x, spec.y, spec.width, spec.height
        )));
    }
    Ok(())
}

/// Every argument `text_box` takes.
pub(super) const TEXT_BOX_ARGS: &[&str] = &[
    "text",
    "x",
    "y",
    "width",
    "height",
    "size",
    "min_size",
    "family",
    "bold",
    "italic",
    "align",
    "valign",
    "line_height",
    "max_lines",
    "fill",
    "icon_scale",
    "name",
    "face",
    "card",
];

impl tera::Function<tera::TeraResult<Value>> for TextBox {
    fn call(&self, kwargs: Kwargs, state: &State) -> tera::TeraResult<Value> {
        let engine = &self.0;
        crate::text::kwargs::check(&kwargs, "text_box", TEXT_BOX_ARGS)?;
        let text = match kwargs.must_get::<&Value>("text")? {
            v if v.is_none() || v.is_undefined() => String::new(),
            v => v
                .as_str()
                .map(str::to_owned)
                .unwrap_or_else(|| v.to_string()),
        };
        let spec = spec_from_kwargs(&kwargs)?;
        let what = kwargs
            .get::<String>("name")?
            .map_or_else(String::new, |n| format!("`{n}` "));
        engine.check_family(&spec.family)?;
        if let Some(face) = state.get::<Value>("face")? {
            check_safe_zone(&spec, &face, &what)?;
        }
        let fitted = engine.fit(&text, &spec).map_err(tera::Error::message)?;
        if !fitted.fits {
            let msg = format!(
                "text {what}{} does not fit its {} × {} box even at the minimum size {}",
                quote(&text),
                // To the tenth of a millimetre: a box computed in the template (`R - L - 12`)
                // may come out as 45.499996 on one face and 45.500004 on the next.
                (spec.width * 10.0).round() / 10.0,
                (spec.height * 10.0).round() / 10.0,
                (spec.min_size * 100.0).round() / 100.0
            );
            engine.overflow(msg, state)?;
        }
        Ok(Value::safe_string(&engine.to_svg(&fitted, &spec)))
    }

    fn is_safe(&self) -> bool {
        true
    }
}
