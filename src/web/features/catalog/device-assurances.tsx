import { DISPLAY } from '../../../shared/store';

/** What comes with every device, on its card and its page: the warranty and free shipping. */
export function DeviceAssurances({ className, iconSize }: { className: string; iconSize: string }) {
  return (
    <ul className={`text-sm text-slate-700 ${className}`}>
      <li className="flex items-center gap-2">
        <span className={`icon icon-shield ${iconSize} text-green-700`} aria-hidden="true" />
        {DISPLAY.warrantyMonths} months warranty
      </li>
      <li className="flex items-center gap-2">
        <span className={`icon icon-truck ${iconSize} text-brand-600`} aria-hidden="true" />
        Free shipping
      </li>
    </ul>
  );
}
