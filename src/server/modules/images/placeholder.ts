/** A neutral device silhouette for broken or missing images (same artwork as src/web/public/placeholder.svg). */
export const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600" role="img" aria-label="No image">
  <rect width="800" height="600" fill="#f1f5f9"/>
  <rect x="250" y="150" width="300" height="200" rx="14" fill="#e2e8f0" stroke="#94a3b8" stroke-width="10"/>
  <rect x="275" y="175" width="250" height="150" rx="4" fill="#cbd5e1"/>
  <path d="M200 375h400l-30 40H230z" fill="#94a3b8"/>
  <rect x="560" y="235" width="90" height="170" rx="14" fill="#e2e8f0" stroke="#94a3b8" stroke-width="8"/>
  <circle cx="605" cy="385" r="6" fill="#94a3b8"/>
  <text x="400" y="480" text-anchor="middle" font-family="system-ui, sans-serif" font-size="28" fill="#64748b">No image</text>
</svg>
`;
