/**
 * What /api/docs adds to Swagger UI so that the page passes WCAG 2.2 AA (axe found an image without
 * alternative text and an unlabelled field, both in the top bar, which the page now goes without,
 * and text below 4.5:1 contrast). Served by @fastify/swagger-ui as its theme, from our own origin,
 * under the same strict CSP.
 */

/**
 * Darker shades of Swagger UI's colours where white text sits on them, or they colour text on
 * white: method badges (2.0–2.3:1 before), the Authorize, Execute and Cancel buttons, the
 * version stamps, the document's link. Each at 5.3:1 or more on white and on Swagger UI's #fafafa.
 */
const css = `
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #0b5cad; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #17744a; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #a35200; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #c41d1d; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0e7560; }
.swagger-ui .opblock.opblock-head .opblock-summary-method { background: #7a0fd6; }
.swagger-ui .opblock.opblock-options .opblock-summary-method { background: #0d5aa7; }
.swagger-ui .btn.authorize { color: #17744a; border-color: #17744a; }
.swagger-ui .btn.authorize svg { fill: #17744a; }
.swagger-ui .info .title small pre { background: #5c6370; }
.swagger-ui .info .title small.version-stamp { background: #4d6b00; }
.swagger-ui .info .title small.version-stamp pre { background: #4d6b00; }
.swagger-ui .info a.link, .swagger-ui .info .url, .swagger-ui .info a { color: #1a5fb4; }
.swagger-ui .btn.execute { background: #1a5fb4; border-color: #1a5fb4; }
.swagger-ui .btn.cancel { color: #c41d1d; border-color: #c41d1d; }
`;

export const apiDocsTheme = {
  title: 'MeetFlow API reference',
  css: [{ filename: 'meetflow-docs.css', content: css }],
};
