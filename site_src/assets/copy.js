/* Paper Digest's copy buttons: each citation block (.pd-cite-format) of a paper page gets a
 * button here, after its heading, that copies the text of its <pre>. The <pre> has no id
 * to find it by, as Material renames the ids of code blocks.
 *
 * The pages carry no button: a reader without JavaScript sees none that does nothing, and
 * a page is the smaller. window.pdCopy(text) is shared with readinglist.js.
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
  document.querySelectorAll(".pd-cite-format").forEach(function (block) {
    var head = block.querySelector(".pd-cite-head");
    var target = block.querySelector("pre");
    if (!head || !target) return;
    var button = document.createElement("button");
    button.type = "button";
    button.className = "md-button pd-copy";
    button.textContent = L.copy_text;
    head.appendChild(button);
    button.addEventListener("click", function () {
      window.pdCopy(target.textContent.trim(), button);
    });
  });
})();
