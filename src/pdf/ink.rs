//! How much ink a PDF spends: each page rendered (at a low resolution, white paper) and its
//! mean darkness taken, 0 for a blank page and 1 for a page solid black, as one minus the mean
//! luminance. A coarse but fair measure for comparing two builds of the same kit (`ink:
//! normal` and `ink: saver`), which is all it is for.

use crate::error::{Error, Result};
use hayro::hayro_interpret::InterpreterSettings;
use hayro::hayro_syntax::Pdf;
use hayro::vello_cpu::color::palette::css::WHITE;
use hayro::{RenderCache, RenderSettings, render};

/// The ink of a document.
#[derive(Debug, Clone, PartialEq)]
pub struct Coverage {
    /// Mean darkness of every page, 0 to 1.
    pub pages: Vec<f32>,
}

impl Coverage {
    /// The mean over all pages (0 for no page).
    pub fn mean(&self) -> f32 {
        if self.pages.is_empty() {
            return 0.0;
        }
        self.pages.iter().sum::<f32>() / self.pages.len() as f32
    }

    /// The mean over the pages with anything on them: a kit's blank backs left out.
    pub fn mean_printed(&self) -> f32 {
        let printed: Vec<f32> = self.pages.iter().copied().filter(|&d| d > 0.002).collect();
        if printed.is_empty() {
            return 0.0;
        }
        printed.iter().sum::<f32>() / printed.len() as f32
    }
}

/// Renders every page of `pdf` at `dpi` and measures its mean darkness.
pub fn coverage(pdf: &[u8], dpi: f32) -> Result<Coverage> {
    let doc = Pdf::new(pdf.to_vec())
        .map_err(|e| Error::new(format!("the PDF could not be read to measure ink: {e:?}")))?;
    let cache = RenderCache::new();
    let settings = InterpreterSettings::default();
    let scale = dpi / 72.0;
    let render_settings = RenderSettings {
        x_scale: scale,
        y_scale: scale,
        bg_color: WHITE,
        ..Default::default()
    };
    let mut pages = Vec::new();
    for page in doc.pages().iter() {
        let pixmap = render(page, &cache, &settings, &render_settings);
        let data = pixmap.data_as_u8_slice();
        let mut sum = 0.0f64;
        let mut n = 0usize;
        for px in data.chunks_exact(4) {
            // Opaque (white background): premultiplied equals straight.
            let lum = 0.2126 * px[0] as f64 + 0.7152 * px[1] as f64 + 0.0722 * px[2] as f64;
            sum += 1.0 - lum / 255.0;
            n += 1;
        }
        pages.push(if n == 0 { 0.0 } else { (sum / n as f64) as f32 });
    }
    Ok(Coverage { pages })
}
