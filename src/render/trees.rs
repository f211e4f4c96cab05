//! The parsed faces a build draws, shared, and let go once drawn.
//!
//! A parsed face holds its text twice (the glyph runs and the outlines usvg flattens them to),
//! about 100 KB for a card of thirty words: 5,000 unique faces are half a gigabyte. The sheets
//! stage turns each face into one PDF form and never needs its tree again; after it, only the
//! faces the index page shows are drawn. So a build marks the faces it can forget, and each is
//! dropped the moment its form is made, while the sheet writer's memory grows.

use std::sync::{Arc, Mutex, PoisonError};

/// Every unique face's tree, by face index.
pub struct FaceTrees {
    slots: Vec<Mutex<Option<Arc<usvg::Tree>>>>,
    /// Faces to forget once drawn.
    forget: Vec<bool>,
    /// Faces asked for after they were forgotten: a build error, never a blank face.
    missing: Mutex<Vec<usize>>,
}

impl FaceTrees {
    /// Keeps every tree for as long as the value lives.
    pub fn new(trees: Vec<Arc<usvg::Tree>>) -> FaceTrees {
        FaceTrees {
            forget: vec![false; trees.len()],
            slots: trees.into_iter().map(|t| Mutex::new(Some(t))).collect(),
            missing: Mutex::new(Vec::new()),
        }
    }

    /// Marks the faces to drop after their first drawing: those drawn into a single file and
    /// not needed afterwards. Faces beyond `forget` are kept.
    pub fn forget_once_drawn(mut self, forget: Vec<bool>) -> FaceTrees {
        self.forget = forget;
        self.forget.resize(self.slots.len(), false);
        self
    }

    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The tree of `face`, unless it was forgotten (which is recorded, see [`missing`]).
    ///
    /// [`missing`]: FaceTrees::missing
    pub fn get(&self, face: usize) -> Option<Arc<usvg::Tree>> {
        let tree = self.slots.get(face).and_then(|s| lock(s).clone());
        if tree.is_none() {
            lock(&self.missing).push(face);
        }
        tree
    }

    /// Called once `face` is drawn for good: forgets it when marked.
    pub fn drawn(&self, face: usize) {
        if self.forget.get(face) == Some(&true)
            && let Some(slot) = self.slots.get(face)
        {
            lock(slot).take();
        }
    }

    /// Faces that were asked for after being forgotten, sorted.
    pub fn missing(&self) -> Vec<usize> {
        let mut v = lock(&self.missing).clone();
        v.sort_unstable();
        v.dedup();
        v
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree() -> Arc<usvg::Tree> {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>"#;
        Arc::new(usvg::Tree::from_str(svg, &usvg::Options::default()).unwrap())
    }

    #[test]
    fn forgets_marked_faces_once_drawn_and_keeps_the_rest() {
        let trees = FaceTrees::new(vec![tree(), tree()]).forget_once_drawn(vec![true, false]);
        assert!(trees.get(0).is_some());
        trees.drawn(0);
        trees.drawn(1);
        assert!(trees.get(1).is_some());
        assert!(trees.missing().is_empty());
        assert!(trees.get(0).is_none());
        assert_eq!(trees.missing(), [0]);
    }
}
