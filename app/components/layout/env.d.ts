// The build writes its id into the bundle and into /latest-build.json (ReleaseWatcher compares them).
interface ImportMetaEnv {
  readonly VITE_BUILD_ID?: string
}
interface ImportMetaEnv {
  readonly VITE_APP_VERSION: string
}
