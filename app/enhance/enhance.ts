// The one script of the public pages (no framework): what the React runtime did there, on the
// server-rendered markup. Every feature works without it; see each module.
import { startCounters } from "./count-up";
import { enhanceDialogs } from "./dialogs";
import { enhanceLightboxes } from "./lightbox";
import { enhanceMenus } from "./menus";
import { enhanceReplaceForms } from "./replace-form";
import { enhanceThemeToggle } from "./theme";
import { startTyping } from "./typing";

enhanceMenus();
enhanceThemeToggle();
enhanceReplaceForms();
enhanceDialogs();
enhanceLightboxes();
startTyping();
startCounters();

// Done (tests wait for this instead of a framework's hydration).
document.documentElement.dataset.enhanced = "";
