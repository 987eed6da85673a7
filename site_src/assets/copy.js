/* Paper Digest's copy buttons: a button with data-pd-copy copies the text of the <pre> in
 * its citation block (.pd-cite-format). The <pre> has no id to find it by, as Material
 * renames the ids of code blocks.
 *
 * Buttons are written hidden and shown here, so a reader without JavaScript sees no
 * button that does nothing. window.pdCopy(text) is shared with readinglist.js.
 */
(function () {
  "use strict";
  var L = window.PD_LABELS || {};

  function fallback(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    document.body.removeChild(area);
    return ok ? Promise.resolve() : Promise.reject(new Error("copy failed"));
  }
  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).catch(function () { return fallback(text); });
    }
    return fallback(text);
  }
  function flash(button, ok) {
    var label = button.getAttribute("data-label") || button.textContent;
    button.setAttribute("data-label", label);
    button.textContent = ok ? L.copied : L.copy_failed;
    window.setTimeout(function () { button.textContent = label; }, 1800);
  }
  window.pdCopy = function (text, button) {
    return copy(text).then(
      function () { if (button) flash(button, true); },
      function () { if (button) flash(button, false); }
    );
  };
  document.querySelectorAll("[data-pd-copy]").forEach(function (button) {
    var block = button.closest(".pd-cite-format");
    var target = block && block.querySelector("pre");
    if (!target) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      window.pdCopy(target.textContent.trim(), button);
    });
  });
})();
