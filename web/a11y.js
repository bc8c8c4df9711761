// web/a11y.js — circle-aabb-lab's accessibility plugin for macroquad's loader (mq_js_bundle.js).
//
// The canvas is invisible to screen readers, so the app mirrors its essentials into the page through
// ten functions this plugin adds to the wasm module's imports (the Rust side is src/page.rs):
//
//   a11y_set_status(ptr, len)       the aria-live status line's text (UTF-8 in the wasm memory); the app
//                                   sends it only when it changed, never every frame
//   a11y_set_lesson(ptr, len)       the lesson region's text: the tour step's or the erratum's whole text
//                                   (empty: none on show); its own aria-live region, sent only when the
//                                   lesson changes, so a step's text is read once, not with every change
//   a11y_set_focus(ptr, len)        the focus region's text: the panel widget Tab reached ("Panel: Show:
//                                   button"), or that Esc gave the keys back to the canvas
//   a11y_set_shortcuts(ptr, len)    the keyboard shortcuts, one "keys<TAB>what they do" row a line, from
//                                   the app's one controls table (src/app/update.rs CONTROLS), once at start
//   a11y_prefers_reduced_motion()   1 when the browser asks for reduced motion (prefers-reduced-motion:
//                                   reduce), else 0; the app asks every frame and follows a change
//   a11y_set_reduced_motion(on)     the app's setting, written as data-reduced-motion="on|off" on <html>
//   a11y_canvas_keeps_frames()      1 when the canvas's WebGL context keeps the last frame
//                                   (preserveDrawingBuffer, which index.html asks for): the app then
//                                   redraws only the part of the canvas that changed (src/render/damage.rs)
//   a11y_clip_scissor(x, y, w, h)   confines every scissor box the glue sets from now on to this box (GL
//                                   window coordinates, physical pixels); w < 0 lifts it. The app draws
//                                   egui's panel under it where only part of the panel changed: egui's
//                                   painter sets its own scissor box for each of its meshes.
//   a11y_set_layout(ptr, len)       the layout (side panel, bottom sheet or drawer) and its widgets' rectangles,
//                                   CSS px, as JSON (src/app/layout.rs report): kept parsed in window.__layout
//                                   (a test hook: the browser test checks nothing leaves the viewport)
//   a11y_set_embed_link(ptr, len, x, y, w, h)
//                                   the embedded scene's (embed=1) "open the full demo" link: a real
//                                   <a id="embed-link" target="_blank"> laid over the toolbar's button at
//                                   x, y, w, h (CSS pixels), to this page's address with the text at ptr
//                                   (the scene without embed) as its #fragment; w < 0 removes it. A link,
//                                   not window.open from the frame loop: no pop-up blocker, a screen
//                                   reader and Tab find it, and the browser test reads its href.
//
// and calls one of the module's exports: circle_aabb_lab_wake() asks for a frame. The app draws only on
// input or while something moves, so a change of the preference would otherwise wait for the next input.
//
// Registered like quad-url.js: miniquad_add_plugin({register_plugin, on_init, name, version}); the loader
// checks `version` against the app's circle_aabb_lab_a11y_crate_version(). Load it after mq_js_bundle.js.
(function () {
  "use strict";
  var memory = null;
  var reduceQuery = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  var decoder = new TextDecoder("utf-8");

  function text(ptr, len) {
    return decoder.decode(new Uint8Array(memory.buffer, ptr, len));
  }

  function setStatus(ptr, len) {
    var el = document.getElementById("a11y-status");
    var t = text(ptr, len);
    // One write per change: an unchanged text would make some screen readers speak it again.
    if (el && el.textContent !== t) el.textContent = t;
  }

  function setText(id) {
    return function (ptr, len) {
      var el = document.getElementById(id);
      var t = text(ptr, len);
      if (el && el.textContent !== t) el.textContent = t;
    };
  }

  function setShortcuts(ptr, len) {
    var list = document.getElementById("a11y-shortcuts");
    if (!list) return;
    var rows = text(ptr, len).split("\n");
    var fragment = document.createDocumentFragment();
    for (var i = 0; i < rows.length; i++) {
      var tab = rows[i].indexOf("\t");
      if (tab < 0) continue;
      var keys = document.createElement("dt");
      keys.textContent = rows[i].slice(0, tab);
      var what = document.createElement("dd");
      what.textContent = rows[i].slice(tab + 1);
      fragment.appendChild(keys);
      fragment.appendChild(what);
    }
    list.replaceChildren(fragment);
  }

  function setEmbedLink(ptr, len, x, y, w, h) {
    var link = document.getElementById("embed-link");
    if (w < 0) {
      if (link) link.remove();
      return;
    }
    if (!link) {
      link = document.createElement("a");
      link.id = "embed-link";
      link.target = "_blank";
      link.rel = "noopener";
      link.title = "Open the full demo on this scene, in a new tab";
      link.textContent = "Open the full demo in a new tab";
      document.body.appendChild(link);
    }
    // This page's own address (its path and query: ?full-frames stays), the scene as the fragment.
    var href = window.location.href.split("#")[0] + "#" + text(ptr, len);
    if (link.getAttribute("href") !== href) link.setAttribute("href", href);
    // (x, y) are the canvas's; the canvas may sit inside the safe-area insets.
    var at = document.getElementById("glcanvas").getBoundingClientRect();
    link.style.left = at.left + x + "px";
    link.style.top = at.top + y + "px";
    link.style.width = w + "px";
    link.style.height = h + "px";
  }

  miniquad_add_plugin({
    register_plugin: function (importObject) {
      importObject.env.a11y_set_status = setStatus;
      importObject.env.a11y_set_lesson = setText("a11y-lesson");
      importObject.env.a11y_set_focus = setText("a11y-focus");
      importObject.env.a11y_set_shortcuts = setShortcuts;
      importObject.env.a11y_prefers_reduced_motion = function () {
        return reduceQuery && reduceQuery.matches ? 1 : 0;
      };
      importObject.env.a11y_set_reduced_motion = function (on) {
        document.documentElement.setAttribute("data-reduced-motion", on ? "on" : "off");
      };
      var clip = null;
      var glScissor = importObject.env.glScissor;
      importObject.env.glScissor = function (x, y, w, h) {
        if (clip) {
          var x0 = Math.max(x, clip[0]), y0 = Math.max(y, clip[1]);
          var x1 = Math.min(x + w, clip[0] + clip[2]), y1 = Math.min(y + h, clip[1] + clip[3]);
          x = x0;
          y = y0;
          w = Math.max(0, x1 - x0);
          h = Math.max(0, y1 - y0);
        }
        glScissor(x, y, w, h);
      };
      importObject.env.a11y_clip_scissor = function (x, y, w, h) {
        clip = w < 0 ? null : [x, y, w, h];
      };
      importObject.env.a11y_set_embed_link = setEmbedLink;
      importObject.env.a11y_set_layout = function (ptr, len) {
        window.__layout = JSON.parse(text(ptr, len));
      };
      importObject.env.a11y_canvas_keeps_frames = function () {
        // `gl` is the glue's context (mq_js_bundle.js), made before the app's main() runs.
        var attributes = typeof gl !== "undefined" && gl && gl.getContextAttributes ? gl.getContextAttributes() : null;
        return attributes && attributes.preserveDrawingBuffer ? 1 : 0;
      };
    },
    on_init: function () {
      // The loader calls this once the module is instantiated, before the app's main().
      memory = wasm_memory;
      if (reduceQuery && reduceQuery.addEventListener) {
        reduceQuery.addEventListener("change", function () {
          if (wasm_exports && wasm_exports.circle_aabb_lab_wake) wasm_exports.circle_aabb_lab_wake();
        });
      }
    },
    name: "circle_aabb_lab_a11y",
    version: 6,
  });
})();
