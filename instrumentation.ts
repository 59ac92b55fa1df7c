export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startService } = await import("./lib/startup");
    await startService();
  }
}
