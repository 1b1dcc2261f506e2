// The contact notification retry loop, started and stopped with the server.
import { onServerStart, onServerStop } from "./lifecycle.server";
import { startNotifier, stopNotifier } from "./notifier.server";

onServerStart(startNotifier);
onServerStop(stopNotifier);
