import { feedSql } from './src/load/raw-feed.ts';
const s = await feedSql({
  email: '',
  userId: '',
  profileId: '20748b71-d068-4eac-9e09-5c6caae239d1',
  username: '',
});
for (const st of s) console.log(st.text, '\n', JSON.stringify(st.params), '\n');
