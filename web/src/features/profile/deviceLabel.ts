/**
 * The server's device label ("Chrome 131 on macOS", api/src/platform/http/device.ts `deviceLabel`) in the
 * page's language: its one English word, "on", becomes `on` (`profile.devices.on`); browser and
 * system names are names and stay. Shared by the Devices card and the security timeline.
 */
export function localDeviceLabel(label: string, on: string): string {
  return label.replace(' on ', ` ${on} `);
}
