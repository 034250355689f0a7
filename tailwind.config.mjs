/** @type {import('tailwindcss').Config} */
export default {
  content: ['./src/**/*.{astro,html,md,mdx,ts,tsx}'],
  // Light colour mode only (SPEC.md section 9): never follow the system setting.
  darkMode: 'class',
  theme: {
    // SPEC.md's em breakpoints plus its 800 px, 970 px and 1200 px layout points,
    // written in em (at the browser's 16 px default) so they scale with user font size.
    screens: {
      xs: '30em',
      sm: '48em',
      desk: '50em', // 800px: sign-in card and signed-in layout
      nav: '60.625em', // 970px: the mobile menu closes past this width
      md: '62em',
      wide: '75em', // 1200px: full navigation bar instead of the burger
      lg: '80em',
      xl: '96em',
    },
    extend: {
      colors: {
        brand: {
          50: '#eef6ff',
          100: '#d9ebff',
          600: '#1d5fd1',
          700: '#174cab',
          800: '#143f8a',
          900: '#0f2f66',
        },
      },
      fontFamily: {
        sans: ['system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'sans-serif'],
      },
    },
  },
  plugins: [],
};
