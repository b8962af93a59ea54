import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Category } from '@tables-voisines/contract/schemas/category';
import type { MenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import { formatEuros, formatFrenchDay } from '../../lib/format';

/** Today's board: dishes with their category and price in euros. */
export function MenuBoardSection({ board, categories }: { board: MenuBoard; categories: Category[] }) {
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  return (
    <Box component="section" aria-labelledby="ardoise" sx={{ bgcolor: 'grey.50', borderRadius: 2, p: 2 }}>
      <Typography id="ardoise" variant="h2" gutterBottom>
        Ardoise du jour
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {board.title.trim().toLowerCase() === 'ardoise du jour'
          ? formatFrenchDay(board.date)
          : `${board.title} · ${formatFrenchDay(board.date)}`}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {board.items.map((item, index) => (
          <Box
            component="li"
            key={`${index}-${item.name}`}
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              gap: 2,
              py: 0.75,
              borderTop: index === 0 ? 0 : 1,
              borderColor: 'divider',
            }}
          >
            <span>
              {item.name}
              {categoryName.has(item.category) && (
                <Typography component="span" variant="body2" color="text.secondary">
                  {' '}
                  · {categoryName.get(item.category)}
                </Typography>
              )}
            </span>
            <Box component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {formatEuros(item.price)}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
