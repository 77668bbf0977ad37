/**
 * Indian given names and surnames from across the country (north, south, east, west), written out
 * here rather than taken from a faker library so the mix stays plausible for Indian commuters.
 */
export const FIRST_NAMES: readonly string[] = [
  // north and west
  'Aarav', 'Vivaan', 'Aditya', 'Vihaan', 'Arjun', 'Sai', 'Reyansh', 'Ayaan', 'Krishna', 'Ishaan',
  'Shaurya', 'Atharv', 'Advik', 'Pranav', 'Rohan', 'Kabir', 'Dhruv', 'Aryan', 'Rahul', 'Amit',
  'Sanjay', 'Vikas', 'Manoj', 'Rajesh', 'Suresh', 'Anil', 'Sunil', 'Deepak', 'Nitin', 'Gaurav',
  'Harsh', 'Yash', 'Kunal', 'Varun', 'Siddharth', 'Karan', 'Akash', 'Mohit', 'Ankit', 'Abhishek',
  'Vikram', 'Ravi', 'Ajay', 'Vijay', 'Naveen', 'Pankaj', 'Sachin', 'Tushar', 'Harpreet', 'Gurpreet',
  'Jaspreet', 'Manpreet', 'Parth', 'Dev', 'Chirag', 'Hardik', 'Jignesh', 'Mehul', 'Tejas', 'Omkar',
  'Aadya', 'Ananya', 'Diya', 'Saanvi', 'Aarohi', 'Pari', 'Anika', 'Myra', 'Sara', 'Ira',
  'Priya', 'Neha', 'Pooja', 'Sneha', 'Anjali', 'Kavya', 'Riya', 'Shreya', 'Simran', 'Nisha',
  'Sunita', 'Anita', 'Rekha', 'Meena', 'Geeta', 'Kiran', 'Shalini', 'Swati', 'Payal', 'Komal',
  'Ritika', 'Tanvi', 'Isha', 'Megha', 'Pallavi', 'Sakshi', 'Aishwarya', 'Bhavna', 'Jyoti', 'Mansi',
  // south
  'Karthik', 'Arun', 'Vignesh', 'Senthil', 'Murugan', 'Balaji', 'Srinivas', 'Venkatesh', 'Ramesh', 'Ganesh',
  'Prakash', 'Harish', 'Naresh', 'Mahesh', 'Raghav', 'Sreejith', 'Anoop', 'Vishnu', 'Arjun', 'Nikhil',
  'Lakshmi', 'Divya', 'Deepa', 'Revathi', 'Meenakshi', 'Keerthana', 'Nandini', 'Sowmya', 'Aparna', 'Anusha',
  'Bhavya', 'Harini', 'Janani', 'Lavanya', 'Padma', 'Radhika', 'Sandhya', 'Vidya', 'Asha', 'Athira',
  // east and north-east
  'Sourav', 'Arnab', 'Subhajit', 'Debashish', 'Abhijit', 'Sayan', 'Rituparna', 'Moumita', 'Sudipta', 'Ankita',
  'Biswajit', 'Pritam', 'Rupam', 'Bikash', 'Manas', 'Smita', 'Soumya', 'Tanmay', 'Bhaskar', 'Dipika',
  // others
  'Imran', 'Faisal', 'Arif', 'Salman', 'Zoya', 'Ayesha', 'Fatima', 'Sana', 'Farhan', 'Rehan',
  'Joseph', 'Thomas', 'Anthony', 'Mary', 'Merin', 'Jenifer', 'Rohit', 'Sumit', 'Alok', 'Hemant',
];

export const LAST_NAMES: readonly string[] = [
  'Sharma', 'Verma', 'Gupta', 'Singh', 'Kumar', 'Agarwal', 'Jain', 'Bansal', 'Mittal', 'Goel',
  'Chauhan', 'Yadav', 'Mishra', 'Pandey', 'Tiwari', 'Dubey', 'Srivastava', 'Saxena', 'Tripathi', 'Shukla',
  'Malhotra', 'Kapoor', 'Khanna', 'Mehra', 'Arora', 'Bhatia', 'Chopra', 'Sethi', 'Gill', 'Sandhu',
  'Dhillon', 'Grewal', 'Rathore', 'Shekhawat', 'Chaudhary', 'Thakur', 'Rawat', 'Negi', 'Bisht', 'Joshi',
  'Patel', 'Shah', 'Desai', 'Mehta', 'Parekh', 'Trivedi', 'Vyas', 'Modi', 'Chavda', 'Solanki',
  'Patil', 'Kulkarni', 'Deshpande', 'Joshi', 'Jadhav', 'Pawar', 'Shinde', 'More', 'Gaikwad', 'Kale',
  'Naik', 'Sawant', 'Kamat', 'Pai', 'Shenoy', 'Hegde', 'Rao', 'Reddy', 'Naidu', 'Chowdary',
  'Iyer', 'Iyengar', 'Krishnan', 'Subramanian', 'Raman', 'Natarajan', 'Pillai', 'Nair', 'Menon', 'Kurup',
  'Varghese', 'Mathew', 'George', 'Kurian', 'Thomas', 'Gowda', 'Shetty', 'Bhat', 'Murthy', 'Prasad',
  'Banerjee', 'Chatterjee', 'Mukherjee', 'Ganguly', 'Bose', 'Ghosh', 'Das', 'Dutta', 'Sen', 'Roy',
  'Chakraborty', 'Bhattacharya', 'Saha', 'Mondal', 'Sarkar', 'Mohanty', 'Patnaik', 'Nayak', 'Behera', 'Sahoo',
  'Baruah', 'Bora', 'Gogoi', 'Kalita', 'Khan', 'Ahmed', 'Qureshi', 'Siddiqui', 'Ansari', 'Sheikh',
  'DSouza', 'Fernandes', 'Pereira', 'Rodrigues', 'Sinha', 'Jha', 'Thakur', 'Choudhury', 'Paswan', 'Mahato',
];

/** Bios some users write; most leave it empty. */
export const BIOS: readonly string[] = [
  'Daily office commute, happy to share the fuel cost.',
  'Software engineer, travel home most weekends.',
  'Non-smoker, light music, AC on.',
  'I drive carefully and leave on time.',
  'Weekend trips to see family.',
  'Student, looking for safe shared rides.',
  'Love long drives; chai stops welcome.',
  'Punctual and friendly. Women-only rides sometimes.',
];
