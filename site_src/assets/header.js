// Paper Digest's header buttons for the keyboard: Material's menu and search buttons are
// <label>s of hidden checkboxes (#__drawer, #__search), which Tab passes by. Here they are
// buttons (overrides/partials/header.html gives them role="button" and tabindex="0"): Enter
// or Space presses them, aria-expanded says whether what they open is open, and the menu
// while it is closed on a narrow screen (drawn off the screen's edge) is inert, so Tab does
// not walk through its hidden links. Escape closes the open menu and gives the focus back
// to its button. The search's own keys are in search.js.
(() => {
  "use strict";
  const NARROW = matchMedia("(max-width: 76.234375em)"); // Material's drawer breakpoint
  const drawer = document.getElementById("__drawer");
  const menu = document.querySelector(".md-sidebar--primary");
  const buttons = [...document.querySelectorAll("label.md-header__button[role='button'][for]")];

  for (const button of buttons) {
    const toggle = document.getElementById(button.htmlFor);
    if (!toggle) continue;
    button.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      button.click();
    });
    const say = () => button.setAttribute("aria-expanded", String(toggle.checked));
    toggle.addEventListener("change", say);
    say();
  }

  if (!drawer || !menu) return;
  const menuButton = buttons.find((button) => button.htmlFor === "__drawer");
  function place() {
    menu.inert = NARROW.matches && !drawer.checked;
    menuButton?.setAttribute("aria-expanded", String(drawer.checked));
  }
  drawer.addEventListener("change", () => {
    place();
    if (drawer.checked && NARROW.matches) {
      menu.querySelector("a[href], label[tabindex], input:not([type='checkbox'])")?.focus();
    }
  });
  NARROW.addEventListener("change", place);
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !drawer.checked) return;
    drawer.checked = false;
    place();
    menuButton?.focus();
  });
  place();
})();
